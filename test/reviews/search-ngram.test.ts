/**
 * The n-gram text index against `String.includes` on the folded texts: exact sets for 1-3 code units,
 * verified trigram candidates beyond, sets both sparse and dense, and texts with more distinct code units
 * than the index's alphabet (CJK, Cyrillic, Greek, emoji as surrogate pairs) so grams share the overflow class.
 */
import { describe, expect, test } from 'bun:test'
import { SearchIndex } from '../../src/reviews/search-index'
import { CHECK_BATCH, NgramIndex, foldText, setHas } from '../../src/reviews/ngram-index'
import { foldForSearch } from '../../src/core/text'
import type { Review } from '../../src/reviews/schema'

let seed = 11
const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32
const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!

const words = ['water', 'heater', 'on', 'time', 'the', 'them', 'Café', 'NAÏVE', 'Ørsted', 'straße', 'x', 'a', 'zz', 'rip-off', '"q"']
const wide = [...'日本語のレビュー水漏れ修理Привет мир сантехникΚαλή δουλειά😀🔧🚿👍🏽'].concat(
  Array.from({ length: 160 }, (_, i) => String.fromCodePoint(0x4e00 + i * 7)),
)

/** `longShare` of the texts have 100-300 parts: past the length from which texts keep block filters. */
function makeReviews(count: number, wideShare: number, longShare = 0): Review[] {
  return Array.from({ length: count }, (_, i) => {
    const parts = Array.from({ length: random() < longShare ? 100 + Math.floor(random() * 200) : 1 + Math.floor(random() * 12) }, () =>
      random() < wideShare ? pick(wide) + pick(wide) : pick(words),
    )
    return {
      id: `n-${i}`,
      rating: pick([1, 2, 3, 4, 5, 5]),
      // Positions are newest first: dates descend with the index.
      date: new Date(Date.UTC(2026, 0, 1) - i * 3_600_000 * 7).toISOString().slice(0, 10),
      author: 'A.',
      text: parts.join(pick([' ', ' and ', '', ', '])),
      technicians: random() < 0.2 ? ['Mike Alvarez'] : [],
      services: random() < 0.1 ? ['drain-cleaning'] : [],
      service_area: null,
      source: 'google',
      verified: true,
      response: null,
    } as Review
  })
}

function queriesFor(reviews: Review[]): string[] {
  const queries = [
    '',
    'e',
    'z',
    'é',
    'ß',
    '😀',
    '\ud83d',
    'zzqx',
    'the ',
    'them',
    'water heater',
    'on time',
    'cafe',
    'naive',
    'ørsted',
    '日本',
    'мир',
    'δουλ',
  ]
  for (let i = 0; i < 150; i++) {
    const text = foldForSearch(pick(reviews).text)
    const start = Math.floor(random() * text.length)
    queries.push(text.slice(start, start + 1 + Math.floor(random() * 9)) || 'a')
  }
  return queries
}

describe.each([
  ['mostly ASCII', 3000, 0.02, 0],
  ['over the alphabet cap', 800, 0.5, 0],
  ['with long texts', 1500, 0.02, 0.1],
])('n-gram index, %s', (_, count, wideShare, longShare) => {
  const reviews = makeReviews(count, wideShare, longShare)
  const folded = reviews.map((r) => foldForSearch(r.text))
  const index = new SearchIndex(reviews)

  test('folding fast path equals the full fold', () => {
    for (const r of reviews) expect(foldText(r.text)).toBe(foldForSearch(r.text))
  })

  test('candidate sets contain every match, and exact sets are exactly the matches', () => {
    const ngrams = new NgramIndex(folded.length, (p) => folded[p]!)
    const seen = new Set<string>()
    for (const query of queriesFor(reviews)) {
      const { sets, exact, needle } = ngrams.lookup(query)
      for (const s of sets) seen.add(s.words ? 'bitset' : 'list')
      if (query.length >= 4 && exact) seen.add('exact long gram')
      if (query.length >= 6 && exact) seen.add('exact gram of 6+')
      const has = (p: number) => sets.every((s) => setHas(s, p))
      for (let p = 0; p < folded.length; p++) {
        const match = folded[p]!.includes(query)
        if (match) expect({ query, p, candidate: has(p) }).toEqual({ query, p, candidate: true })
        if (exact) expect({ query, p, candidate: has(p) }).toEqual({ query, p, candidate: match })
        expect({ query, p, contains: ngrams.contains(p, needle) }).toEqual({ query, p, contains: match })
      }
    }
    // The cases this test is about actually occurred.
    expect([...seen].sort()).toEqual(['bitset', 'exact gram of 6+', 'exact long gram', 'list'])
    if (wideShare > 0.1) expect(new Set(folded.join('')).size).toBeGreaterThan(128)
  })

  test('batched checks keep exactly the candidates whose text contains the needle, in order', () => {
    // Empty and very short texts first and last: a text that ends the corpus is read a word at a time too.
    const texts = ['', 'zz', ...folded, 'x', 'the', '']
    const ngrams = new NgramIndex(texts.length, (p) => texts[p]!)
    const batches = new Set<number>()
    for (const query of queriesFor(reviews)) {
      const { needle } = ngrams.lookup(query)
      // Every position, or a random subset: batch boundaries fall anywhere.
      const all = Array.from(texts, (_, p) => p)
      const candidates = random() < 0.5 ? all : all.filter(() => random() < 0.3)
      const buffer = Int32Array.from(candidates)
      const kept = ngrams.retainContaining(buffer, buffer.length, needle)
      batches.add(Math.ceil(buffer.length / CHECK_BATCH))
      const expected = candidates.filter((p) => texts[p]!.includes(query))
      expect({ query, kept: [...buffer.subarray(0, kept)] }).toEqual({ query, kept: expected })
    }
    expect(Math.max(...batches)).toBeGreaterThan(1)
  })

  test('search totals and pages equal a scan, alone and with every other filter', () => {
    for (const query of queriesFor(reviews)) {
      const filters = pick([
        {},
        { rating: pick([1, 5]) },
        { min_rating: pick([2, 3.5, 5]) },
        { since: '2025-10-01' },
        { until: '2025-09-01', since: '2025-06-01' },
        { technicianKey: 'mike' },
        { serviceKey: 'drain-cleaning', min_rating: 4 },
      ])
      const limit = pick([1, 20, 100])
      const expected = reviews
        .map((r, p) => ({ r, p }))
        .filter(({ p }) => folded[p]!.includes(query))
        .filter(({ r }) => !('rating' in filters) || r.rating === filters.rating)
        .filter(({ r }) => !('min_rating' in filters) || r.rating >= filters.min_rating!)
        .filter(({ r }) => !('since' in filters) || r.date >= filters.since!)
        .filter(({ r }) => !('until' in filters) || r.date <= filters.until!)
        .filter(({ r }) => !('technicianKey' in filters) || r.technicians.length > 0)
        .filter(({ r }) => !('serviceKey' in filters) || r.services.length > 0)
        .map(({ p }) => p)
      const result = index.search({ ...filters, text: query, limit })
      expect({ query, filters, ...result }).toEqual({ query, filters, total: expected.length, positions: expected.slice(0, limit) })
    }
  })
})

test('a long text finds a needle wherever it starts, across every block boundary', () => {
  const filler = 'abcdefghij klmnopqrstuvwxyz '.repeat(40)
  const needles = ['water heater', 'on time', 'zq!', 'the whole job took less than an hour']
  for (const needle of needles) {
    const texts = Array.from({ length: 700 }, (_, at) => filler.slice(0, at) + needle + filler.slice(at))
    texts.push(filler, filler.slice(0, 600))
    const ngrams = new NgramIndex(texts.length, (p) => texts[p]!)
    const { needle: ids } = ngrams.lookup(needle)
    const found = texts.map((_, p) => ngrams.contains(p, ids))
    expect({ needle, found }).toEqual({ needle, found: texts.map((t) => t.includes(needle)) })
    const all = Int32Array.from(texts, (_, p) => p)
    expect(ngrams.retainContaining(all, all.length, ids)).toBe(700)
  }
})

test('a query inside the context its trigram always has is one exact set; totals and pages still equal a scan', () => {
  // "p-o" only ever occurs in "the price was a rip-off" ("rip" and "a r" also occur elsewhere).
  const sentences = ['the price was a rip-off', 'we ate ripe fruit', 'a trip to the store', 'a real water heater', 'Ørsted was here']
  const corpusOf = (extra: string[]) =>
    Array.from({ length: 400 }, () => [pick(sentences), pick(sentences), ...extra].filter(() => random() < 0.7).join(pick([' ', '. '])))
  const exactOf = (texts: string[], query: string) => {
    const ngrams = new NgramIndex(texts.length, (p) => texts[p]!)
    const { sets, exact } = ngrams.lookup(query)
    const has = (p: number) => sets.every((s) => setHas(s, p))
    for (let p = 0; p < texts.length; p++) {
      const match = texts[p]!.includes(query)
      if (match || exact) expect({ query, p, candidate: has(p) }).toEqual({ query, p, candidate: match })
    }
    return exact
  }
  const plain = corpusOf([])
  const exactQueries = ['rip-off', 'a rip-off', 'price was a rip-off', 'the price was a rip-off']
  for (const query of exactQueries) expect({ query, exact: exactOf(plain, query) }).toEqual({ query, exact: true })
  // "abc" is followed by d or e, "bcd" preceded by a or z: neither context holds "abcd", which is checked.
  const varied = [...Array.from({ length: 100 }, (_, i) => `filler ${i}`), 'abcd', 'zbcd', 'abce', 'xabcdx']
  expect(exactOf(varied, 'abcd')).toBe(false)
  expect(exactOf(varied, 'xabcd')).toBe(true)
  // "top-off" gives "p-o" another context; the queries stay correct whichever trigram answers them.
  const withTopOff = corpusOf(['top-off'])
  for (const query of ['p-off', 'rip-off', 'a rip-off', 'top-off', 'p-of']) exactOf(withTopOff, query)
  // Every substring of the sentences, through the whole search, against a scan.
  const reviews = makeReviews(plain.length, 0).map((r, p) => ({ ...r, text: plain[p]! }))
  const index = new SearchIndex(reviews)
  for (const sentence of sentences) {
    const folded = foldForSearch(sentence)
    for (let from = 0; from < folded.length; from += 2) {
      const query = folded.slice(from, from + 4 + Math.floor(random() * 20))
      const expected = plain.map((t, p) => ({ t: foldForSearch(t), p })).filter(({ t }) => t.includes(query))
      const result = index.search({ text: query, limit: 5 })
      expect({ query, ...result }).toEqual({ query, total: expected.length, positions: expected.slice(0, 5).map(({ p }) => p) })
    }
  }
})

test('an empty snapshot and an empty date range find nothing', () => {
  expect(new SearchIndex([]).search({ text: 'a', limit: 20 })).toEqual({ total: 0, positions: [] })
  expect(new SearchIndex([]).search({ limit: 20 })).toEqual({ total: 0, positions: [] })
  const index = new SearchIndex(makeReviews(50, 0))
  expect(index.search({ since: '2030-01-01', limit: 5 })).toEqual({ total: 0, positions: [] })
  expect(index.search({ limit: 3 })).toEqual({ total: 50, positions: [0, 1, 2] })
})
