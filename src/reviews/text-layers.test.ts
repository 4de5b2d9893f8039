import { expect, test } from 'bun:test'
import { corpusOf, foldText, NgramIndex, positionsOf, splicedCorpus, type TextCorpus } from './ngram-index'
import { everyMatch } from './position-sets'
import { COMPACT_AT, copyBits, LayeredText, nextLayerMaps, runsOf, shouldCompact, type TextLayerMaps } from './text-layers'

/** A small deterministic generator (mulberry32), so a failure names its seed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), seed | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** 160 letters no other text has: more than an index gives ids to (the overflow class, checked on the texts). */
const CJK = Array.from({ length: 160 }, (_, i) => String.fromCharCode(0x4e00 + i)).join('')
const WORDS = ['water heater', 'drain', 'tankless', 'café', 'late', 'the', 'clog', 'thermostat', 'leak', 'señor', CJK.slice(130, 150)]

function textOf(next: () => number): string {
  const words = Array.from({ length: 1 + Math.floor(next() * 8) }, () => WORDS[Math.floor(next() * WORDS.length)]!)
  return foldText(`${words.join(' ')} ${Math.floor(next() * 1000)}`)
}

const QUERIES = [
  'the',
  'drain',
  'water heater',
  'heater the',
  'é',
  'caf',
  'señor',
  'late 1',
  'x',
  'tankless drain',
  CJK.slice(140, 143),
  CJK[5]!,
  '12',
]

/** Every match of `query` by `whole`, an index over every text: what the layers must answer. */
function wholeMatches(whole: NgramIndex, size: number, query: string): number[] {
  const { sets, exact, needle } = whole.lookup(query)
  return everyMatch(sets, size, exact ? undefined : whole, exact ? undefined : needle)
}

test('layers answer every query as a whole index over the same texts, change after change', () => {
  for (const seed of [1, 2, 3]) {
    const next = random(seed)
    let texts = Array.from({ length: 200 }, () => textOf(next))
    const base = new NgramIndex(texts.length, (p) => texts[p]!)
    const baseParts = base.toParts().parts
    let served: (TextLayerMaps & { deltaCorpus: TextCorpus }) | null = null
    for (let step = 0; step < 12; step++) {
      // Rows keep their order; some leave, some arrive anywhere, some change (leave and arrive in their place).
      const before = texts
      const kept: { text: string; from: number }[] = before.map((text, from) => ({ text, from }))
      for (let k = 0; k < 1 + Math.floor(next() * 3); k++) {
        const at = Math.floor(next() * kept.length)
        const roll = next()
        if (roll < 0.3) kept.splice(at, 1)
        else if (roll < 0.6) kept[at] = { text: textOf(next), from: -1 }
        else kept.splice(at, 0, { text: textOf(next), from: -1 })
      }
      texts = kept.map((k) => k.text)
      const reuse = Int32Array.from(kept, (k) => k.from)
      const { deltaReuse, ...maps } = nextLayerMaps(served, before.length, 0, reuse)
      const deltaCorpus = splicedCorpus(served?.deltaCorpus ?? corpusOf(0, () => ''), deltaReuse, (k) => texts[maps.deltaHere[k]!]!)
      const delta = new NgramIndex(maps.deltaHere.length, () => '', deltaCorpus)
      const layered = new LayeredText(baseParts, delta.toParts().parts, maps, deltaCorpus, texts.length, (p) => texts[p]!)
      const whole = new NgramIndex(texts.length, (p) => texts[p]!)
      for (const query of QUERIES) {
        const { sets, exact } = layered.lookup(query)
        expect(exact).toBe(true)
        expect({ seed, step, query, positions: Array.from(positionsOf(sets[0]!)) }).toEqual({
          seed,
          step,
          query,
          positions: wholeMatches(whole, texts.length, query),
        })
      }
      served = { ...maps, deltaCorpus }
    }
  }
})

test('the maps: base rows follow their rows, the delta holds every other row in order, with its earlier delta text', () => {
  // Served: 4 rows, base rows 0-2 at served 0, 2, 3 (base row 1 is gone) and served row 1 in the delta.
  const served = { baseRevision: 7, baseHere: Int32Array.of(0, -1, 2, 3), deltaHere: Int32Array.of(1) }
  // Next: a new row first, then served rows 0, 1 and 3 (served row 2 is gone).
  const maps = nextLayerMaps(served, 4, 9, Int32Array.of(-1, 0, 1, 3))
  expect(maps.baseRevision).toBe(7)
  expect(Array.from(maps.baseHere)).toEqual([1, -1, -1, 3])
  expect(Array.from(maps.deltaHere)).toEqual([0, 2])
  expect(Array.from(maps.deltaReuse)).toEqual([-1, 0])
  // On a whole served index, the base is that index: its revision, every row it keeps mapped.
  const onWhole = nextLayerMaps(null, 3, 9, Int32Array.of(-1, 0, 2))
  expect(onWhole.baseRevision).toBe(9)
  expect(Array.from(onWhole.baseHere)).toEqual([1, -1, 2])
  expect(Array.from(onWhole.deltaHere)).toEqual([0])
})

test('whole again once the delta and the base rows removed hold more than 1/COMPACT_AT of the rows', () => {
  const maps = (delta: number, removed = 0) => ({
    baseRevision: 1,
    baseHere: Int32Array.from({ length: 100 }, (_, b) => (b < removed ? -1 : b)),
    deltaHere: new Int32Array(delta),
  })
  expect(shouldCompact(maps(10), 10 * COMPACT_AT)).toBe(false)
  expect(shouldCompact(maps(11), 10 * COMPACT_AT)).toBe(true)
  // Reviews unpublished in bulk: nothing added, yet every lookup reads their texts until the base is whole again.
  expect(shouldCompact(maps(0, 10), 10 * COMPACT_AT)).toBe(false)
  expect(shouldCompact(maps(4, 7), 10 * COMPACT_AT)).toBe(true)
})

test('runs: a monotone map as (from, to, length), positions mapped to -1 in none', () => {
  expect(Array.from(runsOf(Int32Array.of(1, 2, 3, -1, 4, 6, 7)))).toEqual([0, 1, 3, 4, 4, 1, 5, 6, 2])
  expect(Array.from(runsOf(Int32Array.of(-1, -1)))).toEqual([])
})

test('copyBits moves any bit range to any offset, as bit-by-bit copying would', () => {
  const next = random(7)
  for (let trial = 0; trial < 200; trial++) {
    const source = Uint32Array.from({ length: 8 }, () => Math.floor(next() * 2 ** 32))
    const from = Math.floor(next() * 128)
    const to = Math.floor(next() * 128)
    const length = Math.floor(next() * 128)
    const target = new Uint32Array(8)
    copyBits(source, from, target, to, length)
    const expected = new Uint32Array(8)
    for (let i = 0; i < length; i++)
      if ((source[(from + i) >>> 5]! >>> ((from + i) & 31)) & 1) expected[(to + i) >>> 5]! |= 1 << ((to + i) & 31)
    expect({ from, to, length, bits: Array.from(target) }).toEqual({ from, to, length, bits: Array.from(expected) })
  }
})
