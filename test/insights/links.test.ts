/**
 * Every figure is a door: for every aspect split, topic and entity of the insights of the sample and of real
 * review text, the figure's own search_url, run through the search, has a `total` equal to the figure.
 */
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type AnalysisContext, analyzeText, type TextAnalysis } from '../../src/insights/analyzer'
import type { TextAnalyzer } from '../../src/insights/compute'
import { computeInsights } from '../../src/insights/compute'
import { aspectEvidence } from '../../src/insights/evidence'
import { createEnricher } from '../../src/insights/enrich'
import { decodePositions, encodePositions, figurePositions } from '../../src/insights/links'
import type { Insights } from '../../src/insights/schema'
import { sampleBusiness } from '../../src/sample/business'
import { generateDataset } from '../../src/sample/generate'
import type { Business, Review, StoredReview } from '../../src/reviews/schema'
import { ReviewSearch } from '../../src/reviews/search'
import { SearchIndex } from '../../src/reviews/search-index'
import { parseSearchParams } from '../../src/reviews/search-query'
import { review } from '../support/dataset'

const newestFirst = (a: Review, b: Review) => (a.date === b.date ? (a.id < b.id ? 1 : -1) : a.date < b.date ? 1 : -1)

/** The published shape of stored reviews, newest first, as a snapshot holds them. */
const published = (reviews: StoredReview[]): Review[] => reviews.map((r) => ({ ...r }) as Review).sort(newestFirst)

/** Real review text (test/insights/real/documents.jsonl), read as reviews of the sample business, mentions found as an import finds them. */
function realDataset(): { business: Business; reviews: Review[] } {
  const enrich = createEnricher(sampleBusiness)
  const lines = readFileSync(join(import.meta.dir, 'real/documents.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
  const reviews = lines.map((line, i) => {
    const d = JSON.parse(line) as { id: string; text: string; rating: number; language?: string }
    const day = String(1 + (i % 28)).padStart(2, '0')
    const month = String(1 + (i % 12)).padStart(2, '0')
    return enrich(
      review({
        id: d.id,
        rating: d.rating,
        date: `2025-${month}-${day}`,
        author: 'A.',
        text: d.text,
        service_area: null,
        language: d.language ?? 'en',
      }),
    )
  })
  return { business: sampleBusiness, reviews: published(reviews) }
}

function sampleDataset(): { business: Business; reviews: Review[] } {
  const { business, reviews } = generateDataset()
  return { business, reviews: published(reviews) }
}

/** Every figure of the insights with its count and link. */
function figures(insights: Insights): { name: string; count: number; url: string }[] {
  return [
    ...insights.aspects.flatMap((a) => [
      { name: `aspect ${a.id}`, count: a.mention_count, url: a.search_urls.all },
      ...(['positive', 'negative', 'neutral'] as const).map((s) => ({
        name: `aspect ${a.id} ${s}`,
        count: a.sentiment[s],
        url: a.search_urls[s],
      })),
      ...a.trend.map((p) => ({ name: `aspect ${a.id} in ${p.period}`, count: p.mention_count, url: p.search_url })),
    ]),
    ...insights.topics.map((t) => ({ name: `topic ${t.phrase}`, count: t.mention_count, url: t.search_url })),
    ...insights.topics.flatMap((t) =>
      (['positive', 'negative', 'neutral'] as const).map((s) => ({
        name: `topic ${t.phrase} ${s}`,
        count: t.sentiment[s],
        url: t.search_urls[s],
      })),
    ),
    ...insights.entities.technicians.map((t) => ({ name: `technician ${t.name}`, count: t.mention_count, url: t.search_url })),
    ...insights.entities.services.map((s) => ({ name: `service ${s.id}`, count: s.mention_count, url: s.search_url })),
    ...insights.entities.service_areas.map((a) => ({ name: `area ${a.name}`, count: a.mention_count, url: a.search_url })),
  ]
}

/** The total of a search URL against these reviews and insights, as the HTTP search computes it. */
function totalOf(url: string, reviews: Review[], business: Business, insights: Insights, index: SearchIndex): number {
  const parsed = parseSearchParams(url.slice(url.indexOf('?') + 1))
  if (!parsed.ok) throw new Error(`${url}: ${JSON.stringify(parsed.issues)}`)
  const within = figurePositions(insights, parsed.value)
  if (!within.ok) throw new Error(`${url}: ${JSON.stringify(within.issues)}`)
  const search = new ReviewSearch(() => ({
    searchIndex: index,
    reviews,
    business,
    jsonAt: (p) => JSON.stringify(reviews[p]),
    idAt: (p) => reviews[p]!.id,
  }))
  return search.search({ ...parsed.value, limit: 1 }, Number.POSITIVE_INFINITY, within.value).total
}

describe.each([
  ['the sample', sampleDataset],
  ['real review text', realDataset],
])('every figure of %s leads to exactly the reviews it counts', (_name, dataset) => {
  const { business, reviews } = dataset()
  const insights = computeInsights(business, reviews, '2026-01-01T00:00:00.000Z')
  const index = new SearchIndex(reviews)

  test('each aspect split, quarter of its trend, topic and entity: count = total of its search_url', () => {
    const all = figures(insights)
    expect(insights.aspects.some((a) => a.trend.length > 1)).toBe(true)
    // Real figures, not empty ones: aspects with each split, topics and every kind of entity are there.
    expect(insights.aspects.some((a) => a.sentiment.positive > 0 && a.sentiment.negative > 0)).toBe(true)
    expect(insights.topics.length).toBeGreaterThan(0)
    expect(insights.entities.services.some((s) => s.mention_count > 0)).toBe(true)
    const wrong = all.map((f) => ({ ...f, total: totalOf(f.url, reviews, business, insights, index) })).filter((f) => f.total !== f.count)
    expect(wrong).toEqual([])
  })

  test('the links name the figure: aspect (and sentiment), topic, technician, service, area', () => {
    const price = insights.aspects.find((a) => a.id === 'price')!
    expect(price.search_urls).toEqual({
      all: '/api/reviews/search?aspect=price',
      positive: '/api/reviews/search?aspect=price&sentiment=positive',
      negative: '/api/reviews/search?aspect=price&sentiment=negative',
      neutral: '/api/reviews/search?aspect=price&sentiment=neutral',
    })
    const topic = insights.topics[0]!
    expect(new URL(topic.search_url, 'http://x').searchParams.get('topic')).toBe(topic.phrase)
    for (const s of insights.entities.services) expect(s.search_url).toBe(`/api/reviews/search?mentions_service=${s.id}`)
  })

  test('a topic’s example ids are among the reviews its search lists', () => {
    for (const topic of insights.topics) {
      const set = figurePositions(insights, { topic: topic.phrase, limit: 1 })
      if (!set.ok || !set.value?.list) throw new Error('no positions')
      const ids = new Set([...set.value.list].map((p) => reviews[p]!.id))
      for (const id of topic.review_ids) expect(ids.has(id)).toBe(true)
    }
  })
})

describe('evidence behind the aspects of real review text', () => {
  test('for every aspect split: one evidence entry per review counted, of that split, each with its mentions', async () => {
    const { business, reviews } = realDataset()
    const insights = computeInsights(business, reviews, '2026-01-01T00:00:00.000Z')
    const memo = new Map<string, TextAnalysis>()
    const read = (text: string, context: AnalysisContext) => {
      const analysis = memo.get(text) ?? analyzeText(text, context)
      memo.set(text, analysis)
      return analysis
    }
    const analyze: TextAnalyzer = async (texts, context) => texts.map((text) => read(text, context))
    let checked = 0
    for (const aspect of insights.aspects) {
      const set = figurePositions(insights, { aspect: aspect.id, limit: 1 })
      if (!set.ok || !set.value?.list) throw new Error('no positions')
      const counted = [...set.value.list].map((p) => reviews[p]!)
      const evidence = await aspectEvidence(business, counted, aspect.id, analyze)
      expect(evidence.length).toBe(aspect.mention_count)
      for (const sentiment of ['positive', 'negative', 'neutral'] as const)
        expect(evidence.filter((e) => e.sentiment === sentiment).length).toBe(aspect.sentiment[sentiment])
      for (const e of evidence) {
        expect(e.mentions.length).toBeGreaterThan(0)
        expect(e.mentions.every((m) => m.clause !== '' && m.cues.length > 0)).toBe(true)
      }
      checked += evidence.length
    }
    expect(checked).toBeGreaterThan(100)
  }, 120_000)
})

describe('counted_reviews', () => {
  test('positions round-trip through their encoding', () => {
    for (const positions of [[], [0], [0, 1, 2], [5, 40, 41, 1000, 100_000]]) {
      expect([...decodePositions(encodePositions(positions))]).toEqual(positions)
    }
    expect(encodePositions([0, 5])).toBe('0.4')
  })

  test('unknown aspect or topic: an issue naming the known values', () => {
    const { business, reviews } = sampleDataset()
    const insights = computeInsights(business, reviews, '2026-01-01T00:00:00.000Z')
    const result = figurePositions(insights, { aspect: 'parking', topic: 'nothing like it', limit: 1 })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.issues.map((i) => [i.path[0], i.code])).toEqual([
      ['aspect', 'unknown_aspect'],
      ['topic', 'unknown_topic'],
    ])
    expect(result.issues[0]!.message).toContain('punctuality')
    expect(result.issues[1]!.message).toContain(insights.topics[0]!.phrase)
  })
})

describe('entities: one definition for the count and the search', () => {
  test('a mention spelt in another case (area, service id, technician) is counted and found alike', async () => {
    const { business } = await import('../support/dataset')
    const reviews = published([
      review({ id: 'e-1', service_area: 'springfield', services: ['Drain-Cleaning'], technicians: ['MIKE ALVAREZ'], date: '2025-03-01' }),
      review({ id: 'e-2', service_area: 'Springfield', services: ['drain-cleaning'], technicians: ['Mike Alvarez'], date: '2025-02-01' }),
      review({ id: 'e-3', service_area: 'Shelbyville', services: [], technicians: ['Jose Ramirez'], date: '2025-01-01' }),
    ])
    const insights = computeInsights(business, reviews, '2026-01-01T00:00:00.000Z')
    const index = new SearchIndex(reviews)
    const count = (list: { mention_count: number; search_url: string }[], url: string) => {
      const figure = list.find((f) => f.search_url === url)!
      return [figure.mention_count, totalOf(url, reviews, business, insights, index)]
    }
    expect(count(insights.entities.service_areas, '/api/reviews/search?service_area=Springfield')).toEqual([2, 2])
    expect(count(insights.entities.services, '/api/reviews/search?mentions_service=drain-cleaning')).toEqual([2, 2])
    expect(count(insights.entities.technicians, '/api/reviews/search?mentions_technician=Mike+Alvarez')).toEqual([2, 2])
    // Accents folded, as the search folds them.
    expect(count(insights.entities.technicians, '/api/reviews/search?mentions_technician=Jos%C3%A9+Ram%C3%ADrez')).toEqual([1, 1])
  })
})
