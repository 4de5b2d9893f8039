/**
 * The compiled binary with a business.json that defines the business's own aspects and topics: the same
 * reviews are analysed, summed up and shown by those aspects instead of the seven home-services defaults,
 * an edit of the file recomputes the insights, and an invalid edit keeps the last good data.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { compiledBinary, runBinary } from '../support/binary'
import { business, review } from '../support/dataset'
import { startListening, type Running } from '../support/spawn'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'reviews-vocabulary-'))
  dirs.push(dir)
  return dir
}
const running: Running[] = []
afterAll(async () => {
  for (const r of running) {
    r.proc.kill('SIGTERM')
    await r.proc.exited
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const profile = {
  ...business,
  id: 'trattoria-uno',
  name: 'Trattoria Uno',
  description: 'An Italian restaurant.',
  services: [],
  technicians: [{ name: 'Gina Rossi' }],
  service_areas: [],
}
const vocabulary = {
  aspects: [
    { id: 'food', label: 'Food', cues: ['food', 'dish', 'pasta', 'pizza'], positive: ['delicious'], negative: ['bland'] },
    { id: 'wait-time', label: 'Wait time', cues: ['wait', 'wait time'], question: 'Is the wait short?' },
  ],
  default_aspects: ['price'],
  topics: ['patio', 'gluten free'],
}
const texts: [string, number][] = [
  ['The pasta was delicious and the price was fair.', 5],
  ['Delicious pizza, we sat on the patio.', 5],
  ['Great food, but the wait was terrible.', 3],
  ['The pasta was bland and overpriced.', 2],
  ['Lovely patio, great food.', 5],
  ['The food was amazing. Gina was so friendly.', 5],
  ['We waited an hour, the wait time was awful.', 1],
  ['The dishes were cold and the room was dirty.', 2],
]
const reviews = texts.map(([text, rating], i) =>
  review({ id: `t-${i + 1}`, text, rating, date: `2025-0${1 + (i % 9)}-1${i}`, service_area: null }),
)

/** A DATA_DIR holding the restaurant's reviews (imported by the binary), with `businessFile` as its business.json. */
function dataDir(businessFile?: object): string {
  const dir = tempDir()
  const file = join(tempDir(), 'export.json')
  writeFileSync(file, JSON.stringify({ business: profile, reviews }))
  expect(runBinary(['import', file], { DATA_DIR: dir }).code).toBe(0)
  if (businessFile) writeFileSync(join(dir, 'business.json'), JSON.stringify(businessFile))
  return dir
}

async function serve(dir: string): Promise<Running> {
  const started = await startListening([compiledBinary(), 'serve'], {
    DATA_DIR: dir,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_POLL_MS: '50',
    PATH: '/usr/bin:/bin',
  })
  running.push(started)
  return started
}

type Insights = {
  aspects: { id: string; label: string; mention_count: number; sentiment: Record<string, number> }[]
  topics: { phrase: string; mention_count: number }[]
  faq: { question: string }[]
  summary: string
}
const insightsOf = async (server: Running) => (await (await fetch(`${server.url}/insights.json`)).json()) as Insights
const pageOf = async (server: Running, path: string) => (await fetch(`${server.url}${path}`)).text()

/** Polls (the insights of a new version are computed in the background) until `ready` holds, for at most 20 s. */
async function until<T>(read: () => Promise<T>, ready: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const value = await read()
    if (ready(value) || Date.now() > deadline) return value
    await Bun.sleep(25)
  }
}

describe('a business.json with its own aspects, against the compiled binary', () => {
  test('without it: the seven home-services aspects and their questions', async () => {
    const server = await serve(dataDir())
    const insights = await insightsOf(server)
    expect(insights.aspects.map((a) => a.id).sort()).toEqual([
      'cleanliness',
      'communication',
      'price',
      'professionalism',
      'punctuality',
      'quality',
      'speed',
    ])
    expect(insights.faq.map((f) => f.question)).toContain('Do they clean up after the job?')
  }, 60_000)

  test('with it: analysis, insights and pages speak its aspects; edits recompute; an invalid edit keeps the last good data', async () => {
    const dir = dataDir({ ...profile, ...vocabulary })
    const server = await serve(dir)

    // Insights: its aspects with their labels and counts, its FAQ, its tracked topics first.
    const insights = await insightsOf(server)
    expect(insights.aspects.map((a) => a.id).sort()).toEqual(['food', 'price', 'wait-time'])
    const food = insights.aspects.find((a) => a.id === 'food')!
    expect(food.label).toBe('Food')
    expect(food.sentiment).toEqual({ positive: 5, negative: 2, neutral: 0 })
    const questions = insights.faq.map((f) => f.question)
    expect(questions).toContain('Is the wait short?')
    expect(questions).not.toContain('Do they clean up after the job?')
    expect(insights.topics.slice(0, 2)).toMatchObject([
      { phrase: 'patio', mention_count: 2 },
      { phrase: 'gluten free', mention_count: 0 },
    ])

    // Search: its aspect and its tracked topic are filters, listing exactly the reviews counted under them.
    const totalOf = async (query: string) => {
      const response = await fetch(`${server.url}/api/reviews/search?${query}`)
      expect(response.status).toBe(200)
      return ((await response.json()) as { total: number }).total
    }
    expect(await totalOf('aspect=food')).toBe(food.mention_count)
    expect(await totalOf('aspect=food&sentiment=negative')).toBe(food.sentiment.negative!)
    expect(await totalOf('topic=patio')).toBe(2)
    expect((await fetch(`${server.url}/api/reviews/search?aspect=cleanliness`)).status).toBe(400)

    // Pages: the aspect cards and the chart name its labels.
    const insightsPage = await pageOf(server, '/insights')
    expect(insightsPage).toContain('id="aspect-food"')
    expect(insightsPage).toContain('Wait time')
    expect(insightsPage).not.toContain('id="aspect-cleanliness"')
    expect(await pageOf(server, '/')).toContain('Food')

    // Analysis: `analyze` reads the business the server took from business.json.
    const lines = join(tempDir(), 'lines.txt')
    writeFileSync(lines, 'The pizza was bland.\n')
    const analysed = runBinary(['analyze', '--json', '--file', lines], { DATA_DIR: dir })
    expect(analysed.code).toBe(0)
    expect(JSON.parse(analysed.stdout).aspects).toContainEqual(expect.objectContaining({ aspect: 'food', polarity: 'negative' }))

    // An edit of the file recomputes the insights (their key carries the vocabulary's fingerprint).
    writeFileSync(
      join(dir, 'business.json'),
      JSON.stringify({ ...profile, ...vocabulary, aspects: [{ ...vocabulary.aspects[0], label: 'Cuisine' }] }),
    )
    const edited = await until(
      () => insightsOf(server),
      (i) => i.aspects.some((a) => a.label === 'Cuisine'),
    )
    expect(edited.aspects.map((a) => [a.id, a.label]).sort()).toEqual([
      ['food', 'Cuisine'],
      ['price', 'Price and value'],
    ])
    expect(
      await until(
        () => pageOf(server, '/insights'),
        (page) => page.includes('Cuisine'),
      ),
    ).toContain('Cuisine')

    // An invalid edit is reported with the field named, and changes nothing.
    writeFileSync(
      join(dir, 'business.json'),
      JSON.stringify({ ...profile, ...vocabulary, aspects: [{ id: 'quality', label: 'Quality', cues: ['quality'] }] }),
    )
    const report = await until(
      async () => server.stderrLines.find((line) => line.includes('business_file_invalid')),
      (line) => line !== undefined,
    )
    expect(report).toContain('"aspects",0,"id"')
    expect((await insightsOf(server)).aspects.map((a) => a.label).sort()).toEqual(['Cuisine', 'Price and value'])
  }, 120_000)
})
