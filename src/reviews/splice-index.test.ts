/**
 * The index of a version made from the previous version's (patchSetParts, splicedCorpus) answers as the index built
 * over every review of the new version: rows kept (in the same order), dropped and added at random positions.
 */
import { describe, expect, test } from 'bun:test'
import { NgramIndex, setHas, splicedCorpus } from './ngram-index'
import type { Review } from './schema'
import { copySetParts, patchSetParts, SearchIndex, searchableText } from './search-index'

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const WORDS = ['water', 'heater', 'drain', 'clog', 'café', 'ação', 'late', 'quick', 'pipe', 'leak', 'the', 'and']
let made = 0
function reviewOf(next: () => number): Review {
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!
  made++
  return {
    id: `x-${made}`,
    rating: 1 + Math.floor(next() * 5),
    date: '2025-01-01',
    author: 'A.',
    text: Array.from({ length: 3 + Math.floor(next() * 8) }, () => pick(WORDS)).join(' '),
    technicians: next() < 0.5 ? [pick(['Mike Alvarez', 'José Ramírez', 'Sarah Chen'])] : [],
    services: next() < 0.4 ? [pick(['drain-cleaning', 'ac-repair'])] : [],
    service_area: next() < 0.2 ? null : pick(['Springfield', 'Shelbyville']),
    source: 'google',
    verified: true,
    response: null,
    language: pick(['en', 'pt-BR', 'de']),
    translation: next() < 0.1 ? { text: 'tradução da água', language: 'pt' } : null,
  } as Review
}

/** Each set of `index` as a sorted list of positions (bitset or list alike). */
function positions(index: SearchIndex): Record<string, number[]> {
  const { parts } = copySetParts(index)
  const out: Record<string, number[]> = {}
  const listOf = (set: { words?: Uint32Array; list?: Int32Array }) => {
    if (set.list) return [...set.list]
    const found: number[] = []
    set.words!.forEach((word, w) => {
      for (let b = 0; b < 32; b++) if ((word >>> b) & 1) found.push(w * 32 + b)
    })
    return found
  }
  for (const kind of ['technicians', 'services', 'languages', 'areas'] as const)
    for (const [key, set] of parts[kind]) out[`${kind}:${key}`] = listOf(set)
  for (let r = 1; r <= 5; r++) {
    out[`is:${r}`] = listOf(parts.ratingIs[r]!)
    out[`atLeast:${r}`] = listOf(parts.ratingAtLeast[r]!)
  }
  return out
}

describe('an index patched from the previous version', () => {
  for (const seed of [1, 2, 3, 4]) {
    test(`answers as a whole build (seed ${seed})`, () => {
      const next = random(seed)
      const before = Array.from({ length: 300 }, () => reviewOf(next))
      // Keep most rows in order, drop some, add some anywhere.
      const after: Review[] = []
      const reuse: number[] = []
      before.forEach((review, j) => {
        while (next() < 0.05) {
          after.push(reviewOf(next))
          reuse.push(-1)
        }
        if (next() < 0.9) {
          after.push(review)
          reuse.push(j)
        }
      })
      const moved = new Int32Array(before.length).fill(-1)
      reuse.forEach((j, i) => {
        if (j >= 0) moved[j] = i
      })
      const added = after.flatMap((review, position) => (reuse[position]! < 0 ? [{ position, review }] : []))
      const previous = new SearchIndex(before)
      const patched = SearchIndex.fromParts(after, patchSetParts(copySetParts(previous).parts, after.length, moved, added))
      const whole = new SearchIndex(after)
      expect(positions(patched)).toEqual(positions(whole))

      const previousText = new NgramIndex(before.length, (p) => searchableText(before[p]!))
      const corpus = splicedCorpus(previousText.textCorpus, Int32Array.from(reuse), (p) => searchableText(after[p]!))
      const spliced = new NgramIndex(after.length, (p) => searchableText(after[p]!), corpus)
      const fresh = new NgramIndex(after.length, (p) => searchableText(after[p]!))
      for (const query of ['water heater', 'ação', 'café', 'the', 'e', 'ag', 'leak pipe', 'água', 'zzz']) {
        const answer = (index: NgramIndex) => {
          const { sets, exact, needle } = index.lookup(query)
          const all = after.map((_, p) => p)
          const candidates = all.filter((p) => sets.every((set) => setHas(set, p)))
          return exact ? candidates : candidates.filter((p) => index.contains(p, needle))
        }
        expect({ query, found: answer(spliced) }).toEqual({ query, found: answer(fresh) })
      }
    })
  }
})
