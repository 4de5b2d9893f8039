/**
 * The summary reads like a person wrote it: grammatical sentences (each adverb with its verb, nouns that agree
 * with their counts), no praise or complaint from fewer than 3 mentions, counts of the reviews that were
 * actually read (a star rating without text is not read), languages from the stored `language`. Checked on
 * hand-made figures, on the generated sample and on real review text.
 */
import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { computeInsights } from '../../src/insights/compute'
import { praiseSentence } from '../../src/insights/prose'
import type { AspectInsight, Insights } from '../../src/insights/schema'
import type { Review } from '../../src/reviews/schema'
import { generateDataset } from '../../src/sample/generate'
import { business, review } from '../support/dataset'

const aspect = (id: string, label: string, positive: number, negative: number, neutral = 0): AspectInsight => ({
  id,
  label,
  mention_count: positive + negative + neutral,
  sentiment: { positive, negative, neutral },
  score: 0,
  trend: [],
  examples: [],
  search_urls: { all: '', positive: '', negative: '', neutral: '' },
})

const r = (id: string, rating: number, text: string, extra: Partial<Review> = {}): Review =>
  review({ id, rating, date: '2025-05-01', author: 'A B.', text, service_area: null, ...extra }) as Review

/** The forms the summary used to produce, and other slips a person would not write. */
const UNGRAMMATICAL: [string, RegExp][] = [
  ['an adverb between "praise" and its object', /\bpraise (consistently|mostly|largely|often|tentatively)\b/],
  ['"1 ... mentions"', /\b1 (positive |negative |neutral )?mentions\b/],
  ['"1 reviews"', /\b1 (verified )?reviews\b/],
  ['"are" before a single aspect', /\bmentions are [^,()]+ \(\d+\)\./],
  ['a doubled word', /\b(\w+) \1\b/i],
  ['a doubled space or a space before punctuation', / {2}| [,.;)]/],
  ['"of them" without a subject that is reviews', /(service|technician)[^.]*\.\s[^.]*\bof them\b/],
]

function expectGrammatical(summary: string) {
  for (const [what, pattern] of UNGRAMMATICAL)
    expect({ what, summary, found: pattern.exec(summary)?.[0] }).toEqual({ what, summary, found: undefined })
  for (const sentence of summary.split(/(?<=\.) (?=[A-Z0-9])/)) {
    expect(sentence).toMatch(/^[A-Z0-9]/)
    expect(sentence).toMatch(/\.$/)
  }
}

/** Every aspect the summary praises has at least 3 positive mentions; every one it complains about, 3 negative. */
function expectSupported(insights: Insights) {
  const named = (sentence: string) => insights.aspects.filter((a) => sentence.includes(a.label.toLowerCase()))
  for (const sentence of insights.summary.split(/(?<=\.) /)) {
    if (/\bpraise\b/.test(sentence))
      for (const a of named(sentence)) expect({ a: a.id, positive: a.sentiment.positive >= 3 }).toEqual({ a: a.id, positive: true })
    if (/\bcomplain|complaint\b/.test(sentence))
      for (const a of named(sentence)) expect({ a: a.id, negative: a.sentiment.negative >= 3 }).toEqual({ a: a.id, negative: true })
  }
}

describe('praise: each aspect with its own adverb', () => {
  const professionalism = aspect('professionalism', 'Professionalism and courtesy', 40, 1) // consistently
  const quality = aspect('quality', 'Quality of work', 30, 6) // mostly: largely
  const speed = aspect('speed', 'Speed and availability', 12, 7) // often
  const price = aspect('price', 'Price and value', 5, 0) // few

  test.each([
    [[professionalism], 'Customers consistently praise professionalism and courtesy (40 positive mentions and 1 negative).'],
    [
      [professionalism, quality],
      'Customers consistently praise professionalism and courtesy (40 positive mentions and 1 negative) and largely praise quality of work (30 positive mentions and 6 negative).',
    ],
    [
      [quality, aspect('cleanliness', 'Cleanliness', 11, 2)],
      'Customers largely praise quality of work (30 positive mentions and 6 negative) and cleanliness (11 positive mentions and 2 negative).',
    ],
    [[speed], 'Customers often praise speed and availability (12 positive mentions and 7 negative).'],
    [
      [professionalism, price],
      'Customers consistently praise professionalism and courtesy (40 positive mentions and 1 negative); a few also praise price and value (5 positive mentions and 0 negative).',
    ],
    [
      [price, aspect('punctuality', 'Punctuality', 3, 1, 2)],
      'A few customers praise price and value (5 positive mentions and 0 negative) and punctuality (3 positive mentions and 1 negative, 2 neutral).',
    ],
    [[aspect('punctuality', 'Punctuality', 1, 0)], 'A few customers praise punctuality (1 positive mention and 0 negative).'],
  ])('%#', (top, sentence) => {
    expect(praiseSentence(top)).toBe(sentence)
    expectGrammatical(sentence)
  })

  test('the old form fails the grammar check', () => {
    const old = 'Customers most often praise consistently professionalism and courtesy (40 positive and 1 negative mentions).'
    expect(UNGRAMMATICAL.some(([, pattern]) => pattern.test(old))).toBe(true)
    expect(UNGRAMMATICAL.some(([, pattern]) => pattern.test('The aspects with the most negative mentions are price and value (3).'))).toBe(
      true,
    )
    expect(UNGRAMMATICAL.some(([, pattern]) => pattern.test('(14 negative and 1 positive mentions)'))).toBe(true)
  })
})

describe('claims need 3 mentions', () => {
  const praised = (n: number) =>
    computeInsights(
      business,
      Array.from({ length: n }, (_, i) => r(`s-${i}`, 5, 'They were right on time.')),
      '2025-07-01T00:00:00.000Z',
    )
  test('2 positive mentions: no praise; 3: praise', () => {
    expect(praised(2).summary).not.toMatch(/praise/)
    expect(praised(3).summary).toContain('A few customers praise punctuality (3 positive mentions and 0 negative).')
  })
  test('2 reviews naming a technician and a service: no "best-reviewed" claim; 3: the claim', () => {
    const both = (n: number) =>
      computeInsights(
        business,
        Array.from({ length: n }, (_, i) => r(`t-${i}`, 5, 'Fine.', { technicians: ['Mike Alvarez'], services: ['water-heater-repair'] })),
        '2025-07-01T00:00:00.000Z',
      ).faq.find((f) => f.question === 'Who is the best-reviewed technician for water heater repair?')!.answer
    expect(both(2)).toBe('No technician is mentioned together with water heater repair in at least 3 reviews yet.')
    expect(both(3)).toBe('Mike Alvarez: 3 reviews mention both Mike and water heater repair, averaging 5 stars.')
  })
})

describe('counts of what was read', () => {
  const reviews = [
    r('w-1', 5, 'Right on time and very polite.'),
    r('w-2', 5, 'Great price.'),
    r('w-3', 4, 'Die Arbeit war gut.', { language: 'de' }),
    r('w-4', 5, '', { language: null }),
    r('w-5', 4, '  ', { language: null }),
    r('w-6', 1, '', { language: null }),
    r('w-7', 5, 'Clean and quick.', { language: null }),
  ]
  const insights = computeInsights(business, reviews, '2025-07-01T00:00:00.000Z')

  test('ratings without text are neither read nor counted as read; languages are the stored ones', () => {
    expect(insights.languages).toEqual({ counts: { en: 2, de: 1 }, unknown_language: 4, with_text: 4, analysed: 3, translated: 0 })
    expect(insights.summary).toContain(
      '4 of them have text; the others are star ratings alone; aspects are read from the 3 reviews in English or with an English translation, and the others are counted but not read (reviews by language: en 2, de 1, unknown 4).',
    )
    // The old sentence counted the 3 ratings without text as read.
    expect(insights.summary).not.toContain('read from the 6 reviews')
    expectGrammatical(insights.summary)
  })

  test('all texts read, some reviews without text', () => {
    const english = computeInsights(business, [reviews[0]!, reviews[1]!, reviews[3]!], '2025-07-01T00:00:00.000Z')
    expect(english.languages).toMatchObject({ with_text: 2, analysed: 2 })
    expect(english.summary).toContain('2 of them have text; the others are star ratings alone; aspects are read from all 2.')
  })

  test('every review with English text: no sentence about reading', () => {
    const english = computeInsights(business, [reviews[0]!, reviews[1]!], '2025-07-01T00:00:00.000Z')
    expect(english.summary).not.toMatch(/read from|star ratings alone/)
  })
})

describe('summaries on the sample and on real review text', async () => {
  const generated = generateDataset({ count: 750, seed: 42, endDate: '2026-11-15', years: 3 })
  const sample = computeInsights(
    generated.business,
    generated.reviews
      .filter((x) => x.verified)
      .map((x) => ({ ...x, verified: true as const, language: x.language ?? null, translation: x.translation ?? null })),
    '2026-11-16T00:00:00.000Z',
  )

  /** Real reviews (documents.jsonl: whole reviews with their stars) and real sentences (one per review), grouped by business. */
  const groups = new Map<string, Review[]>()
  const dir = join(import.meta.dir, 'real')
  for (const file of ['documents.jsonl', 'home-services.jsonl', 'other-trades.jsonl']) {
    const rows = (await Bun.file(join(dir, file)).text()).split('\n').filter(Boolean)
    for (const [i, line] of rows.entries()) {
      const row = JSON.parse(line) as { text: string; rating?: number; source: string; aspects?: Record<string, string> }
      const name = /business "([^"]+)"|page '([^']+)'/.exec(row.source)
      const key = `${file}: ${name ? (name[1] ?? name[2]) : row.source.split(' ')[0]}`
      const labels = Object.values(row.aspects ?? {})
      const rating = row.rating ?? (labels.includes('negative') ? 1 + (i % 2) : labels.length ? 5 : 4)
      groups.set(key, [...(groups.get(key) ?? []), r(`${file}-${i}`, rating, row.text, { date: `2026-0${1 + (i % 9)}-1${i % 10}` })])
    }
  }
  const real = [...groups]
    .filter(([, reviews]) => reviews.length >= 10)
    // The first 80 of each: enough for every kind of sentence, quick enough to run every time.
    .map(([, reviews]) => computeInsights({ ...business, name: 'The business' }, reviews.slice(0, 80), '2026-11-16T00:00:00.000Z'))

  test('enough real businesses to read', () => expect(real.length).toBeGreaterThanOrEqual(20))

  test('every summary is grammatical and claims only what 3 mentions support', () => {
    for (const insights of [sample, ...real]) {
      expectGrammatical(insights.summary)
      expectSupported(insights)
      for (const f of insights.faq) expectGrammatical(f.answer)
    }
  })

  test('the sample summary, as a person reads it', () => {
    expect(sample.summary).toContain(
      'Customers largely praise professionalism and courtesy (267 positive mentions and 30 negative, 1 neutral) and quality of work (208 positive mentions and 54 negative, 3 neutral).',
    )
    expect(sample.summary).toContain(
      'The most frequent complaint, from a minority of those who mention it, concerns communication (47 negative mentions and 175 positive).',
    )
    expect(sample.summary).toContain('The business has replied publicly to 209 of its reviews (29%).')
  })
})
