/**
 * The analyser's release follows its output (src/insights/release.ts): what the analyser makes of a fixed set of
 * real reviews (test/insights/real/documents.jsonl: each review's analysis, and the insights computed from all of
 * them) and of every labelled sentence the project holds (the real corpora, the written sentences, the probes) is hashed, and the hash must be the release stored insights are keyed by. A change to the rules, the
 * lexicon, the aggregation or the insights' shape that moves this output without a new release fails here, naming
 * the value to set; otherwise a server would go on serving insights the previous analyser computed.
 */
import { expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { analyzeText, contextFor } from '../../src/insights/analyzer'
import { computeInsights } from '../../src/insights/compute'
import { ANALYSER_RELEASE } from '../../src/insights/release'
import type { Business, Review } from '../../src/reviews/schema'

const DOCUMENTS = join(import.meta.dir, '..', 'insights', 'real', 'documents.jsonl')

/** A fixed business (its services are masked in the text, its technicians and areas counted). */
const BUSINESS: Business = {
  id: 'release-fixture',
  name: 'Fixture Home Services',
  description: 'Plumbing, heating, electrical and cleaning for homes.',
  url: 'https://fixture.example',
  telephone: '+1 555 0100',
  address: { street_address: '1 Main St', locality: 'Springfield', region: 'CO', postal_code: '80000', country: 'US' },
  timezone: 'America/Denver',
  services: [
    { id: 'drain-cleaning', name: 'Drain cleaning', aliases: ['drain clog'] },
    { id: 'water-heater', name: 'Water heater repair' },
    { id: 'panel-upgrade', name: 'Panel upgrade' },
  ],
  technicians: [{ name: 'Mike Alvarez' }, { name: 'Dana Kim' }],
  service_areas: ['Springfield', 'Shelbyville'],
} as Business

function fixtureReviews(): Review[] {
  const lines = readFileSync(DOCUMENTS, 'utf8').split('\n').filter(Boolean)
  return lines.map((line, i) => {
    const doc = JSON.parse(line) as { id: string; text: string; rating: number; language?: string | null }
    const day = new Date(Date.UTC(2026, 0, 1) - i * 86_400_000).toISOString().slice(0, 10)
    return {
      id: doc.id,
      rating: doc.rating,
      date: day,
      author: `Author ${i}`,
      text: doc.text,
      technicians: i % 3 === 0 ? ['Mike Alvarez'] : i % 3 === 1 ? ['Dana Kim'] : [],
      services: i % 4 === 0 ? ['drain-cleaning'] : i % 4 === 1 ? ['water-heater'] : [],
      service_area: i % 2 === 0 ? 'Springfield' : 'Shelbyville',
      source: 'fixture',
      verified: true,
      response: null,
      language: doc.language ?? null,
      translation: null,
    } as Review
  })
}

const INSIGHTS = join(import.meta.dir, '..', 'insights')
/**
 * Every other sentence the project holds, read alone: the real labelled corpora, the sentences we wrote and the probes.
 * A rule can change what it makes of sentences none of the fixed reviews holds ("the mice are still in the loft"); read
 * here, such a change moves the release too.
 */
function labelledSentences(): string[] {
  const real = join(INSIGHTS, 'real')
  const probes = join(INSIGHTS, 'probes')
  const jsonl = [
    ...readdirSync(real)
      .filter((n) => n.endsWith('.jsonl') && n !== 'documents.jsonl')
      .map((n) => join(real, n)),
    ...readdirSync(probes)
      .filter((n) => n.endsWith('.jsonl'))
      .map((n) => join(probes, n)),
  ].sort()
  const written = readdirSync(INSIGHTS)
    .filter((n) => n.endsWith('.txt'))
    .sort()
    .map((n) => join(INSIGHTS, n))
  return [
    ...jsonl.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => (JSON.parse(l) as { text: string }).text),
    ),
    // "aspect=polarity | text", "kind | labels | text", or a whole review per line; "#" starts a comment.
    ...written.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l.trim() && !l.startsWith('#'))
        .map((l) => l.split(' | ').at(-1)!),
    ),
  ]
}

/**
 * Sentences whose reading a release changed while no sentence above changed: their readings join the fingerprint, so
 * the release moves and stored readings are read again. Words that name members of Object.prototype (the analyser's
 * tables once answered them with functions: a crash, NaN scores, a competitor's workers read as this business's), and
 * a lateness "on" a day or a visit (late-on.ts).
 */
const MOVED_SENTENCES = [
  'The constructor they sent was rude and very late.',
  'The constructors over from the other company were late.',
  'Constructor late and rude.',
  'The flat was filthy when we constructor into it.',
  'He was late on both appointments.',
  'The technician was late on Monday.',
  'She has never been late on an appointment in three years.',
]

/** The release the analyser's current output calls for. */
function currentFingerprint(): string {
  const reviews = fixtureReviews()
  const context = contextFor(BUSINESS)
  const analyses = reviews.map((r) => analyzeText(r.text, context))
  const insights = computeInsights(BUSINESS, reviews, '2026-01-01T00:00:00.000Z')
  // Each sentence's aspects and scores: what a stored analysis keeps of it.
  const sentences = [...labelledSentences(), ...MOVED_SENTENCES].map((text) =>
    analyzeText(text, context).aspects.map((m) => [m.aspect, m.score]),
  )
  return Bun.hash(JSON.stringify({ analyses, insights, sentences })).toString(36)
}

test('the analyser release names the output of this analyser', () => {
  const fingerprint = currentFingerprint()
  if (fingerprint !== ANALYSER_RELEASE)
    throw new Error(
      `The analyser's output on test/insights/real/ and the written sentences changed (its fingerprint is now '${fingerprint}', the release ` +
        `says '${ANALYSER_RELEASE}'): stored insights and per-review analyses of the previous analyser would be served as this ` +
        `one's. Set ANALYSER_RELEASE in src/insights/release.ts to '${fingerprint}'.`,
    )
  expect(fingerprint).toBe(ANALYSER_RELEASE)
}, 60_000)
