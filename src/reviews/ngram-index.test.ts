import { describe, expect, test } from 'bun:test'
import { END, foldText, LIST_BLOCK, NgramIndex, PackedList, packLists, positionsOf, setHas } from './ngram-index'
import { SearchIndex } from './search-index'
import type { Review } from './schema'

/** A deterministic generator (the same lists on every run). */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0
    return state / 2 ** 32
  }
}

/** Ascending lists with gaps of every width a packed list writes: 1 to 5 bytes. */
function listsOf(seed: number): number[][] {
  const next = random(seed)
  const lengths = [0, 1, 2, LIST_BLOCK - 1, LIST_BLOCK, LIST_BLOCK + 1, 3 * LIST_BLOCK, 1000]
  return lengths.map((length) => {
    const list: number[] = []
    let value = Math.floor(next() * 10)
    for (let i = 0; i < length; i++) {
      list.push(value)
      const width = [1, 200, 20_000, 3_000_000, 300_000_000][Math.floor(next() * 5)]!
      value += 1 + Math.floor(next() * width)
      if (value > 2 ** 31 - 2) break
    }
    return list
  })
}

/** Packs `lists` as one index packs its sparse grams, and gives each back as a set. */
function packed(lists: number[][]) {
  const offsets = new Int32Array(lists.length + 1)
  lists.forEach((list, g) => {
    offsets[g + 1] = offsets[g]! + list.length
  })
  const postings = Int32Array.from(lists.flat())
  const { listBlocks, heads, blockStarts, bytes } = packLists(postings, offsets)
  return { listBlocks, heads, blockStarts, bytes }
}

const lowerBound = (list: number[], target: number) => {
  const at = list.findIndex((v) => v >= target)
  return at < 0 ? END : list[at]!
}

describe('packed position lists', () => {
  test('round trip: every list decodes to itself, gaps of 1 to 5 bytes, around block boundaries', () => {
    for (const seed of [1, 2, 3]) {
      const lists = listsOf(seed)
      const { listBlocks, heads, blockStarts, bytes } = packed(lists)
      lists.forEach((list, g) => {
        const set = new PackedList(list.length, bytes, heads, blockStarts, listBlocks[g]!)
        expect([...set.toArray()]).toEqual(list)
        expect(listBlocks[g + 1]! - listBlocks[g]!).toBe(Math.ceil(list.length / LIST_BLOCK))
      })
    }
  })

  test('a cursor seeks forward to the first position at or after each target, skipping blocks, END past the last', () => {
    const lists = listsOf(7)
    const { listBlocks, heads, blockStarts, bytes } = packed(lists)
    const next = random(11)
    lists.forEach((list, g) => {
      const set = new PackedList(list.length, bytes, heads, blockStarts, listBlocks[g]!)
      for (const stride of [1, 50, 5000, 2 ** 26]) {
        const cursor = set.cursor()
        let target = 0
        for (let i = 0; i < 300 && target < 2 ** 31 - 1; i++) {
          // Targets move forward: some exactly on a position, most between two.
          target =
            next() < 0.3 && list.length ? Math.max(target, list[Math.floor(next() * list.length)]!) : target + Math.floor(next() * stride)
          expect({ g, target, found: cursor.seek(target) }).toEqual({ g, target, found: lowerBound(list, target) })
        }
      }
      for (const n of [0, 1, LIST_BLOCK, LIST_BLOCK + 5, list.length + 3]) expect(set.firstPositions(n)).toEqual(list.slice(0, n))
      for (const p of list) expect(set.has(p)).toBe(true)
      if (list.length) expect(set.has(list.at(-1)! + 1)).toBe(false)
    })
  })
})

describe('the text index', () => {
  test('a gram with a huge posting list: packed when sparse, a bitset when dense; both exact, and searched alike', () => {
    const size = 100_000
    // "q" in every 40th text (a packed list of 2,500), "k" in every 3rd (a bitset), "qk" where both are.
    const texts = Array.from({ length: size }, (_, p) => `${p % 40 === 0 ? 'q' : 'x'} ${p % 3 === 0 ? 'k' : 'y'} ${p}`)
    const index = new NgramIndex(size, (p) => texts[p]!)
    const q = index.lookup('q')
    expect(q.exact).toBe(true)
    expect(q.sets[0]!.packed).toBeDefined()
    expect([...positionsOf(q.sets[0]!)]).toEqual(texts.flatMap((t, p) => (t.includes('q') ? [p] : [])))
    const k = index.lookup('k')
    expect(k.sets[0]!.words).toBeDefined()
    expect(k.sets[0]!.count).toBe(Math.ceil(size / 3))
    const reviews = texts.map((text, p) => review(`r-${p}`, text))
    const search = new SearchIndex(reviews)
    const both = search.search({ text: 'q', limit: 5, rating: 4 })
    const want = texts.flatMap((t, p) => (t.includes('q') && p % 5 !== 0 ? [p] : []))
    expect(both).toEqual({ total: want.length, positions: want.slice(0, 5) })
    // A packed list probed beside another list (a technician's), and a later date range cut into it.
    const named = search.search({ text: 'q', technicianKey: 'ann', limit: 3, until: '2026-01-01' })
    const byAnn = texts.flatMap((t, p) => (t.includes('q') && p % 7 === 0 ? [p] : []))
    expect(named).toEqual({ total: byAnn.length, positions: byAnn.slice(0, 3) })
  })

  test('empty texts: in no set but the empty query, never a candidate', () => {
    const texts = ['', 'abc', '', 'b', '']
    const index = new NgramIndex(texts.length, (p) => texts[p]!)
    expect(index.lookup('').sets).toEqual([])
    for (const query of ['a', 'b', 'ab', 'abc', 'abcd']) {
      const { sets, exact, needle } = index.lookup(query)
      for (let p = 0; p < texts.length; p++) {
        const match = texts[p]!.includes(query)
        const candidate = sets.every((set) => setHas(set, p))
        if (match || exact) expect({ query, p, candidate }).toEqual({ query, p, candidate: match })
        expect({ query, p, contains: index.contains(p, needle) }).toEqual({ query, p, contains: match })
      }
    }
  })

  test('non-ASCII texts: accents folded, other scripts and astral characters matched exactly', () => {
    const texts = ['Ação rápida', 'ØRSTED was here', 'naïve café 👍 great', 'Привет мир', 'plain ascii', '日本語のレビュー']
    const folded = texts.map(foldText)
    const index = new NgramIndex(folded.length, (p) => folded[p]!)
    for (const query of ['acao', 'ação', 'rápida', 'ørsted', 'cafe', '👍', 'é 👍 g', 'привет', 'мир', 'レビュー', 'ascii', 'zz']) {
      const needle = foldText(query)
      const { sets, exact } = index.lookup(needle)
      const found = folded.flatMap((_, p) =>
        sets.every((set) => setHas(set, p)) && (exact || index.contains(p, index.lookup(needle).needle)) ? [p] : [],
      )
      expect({ query, found }).toEqual({ query, found: folded.flatMap((text, p) => (text.includes(needle) ? [p] : [])) })
    }
  })
})

function review(id: string, text: string): Review {
  const p = Number(id.slice(2))
  return {
    id,
    rating: p % 5 === 0 ? 5 : 4,
    date: '2025-06-01',
    author: 'A',
    text,
    technicians: p % 7 === 0 ? ['Ann Lee'] : [],
    services: [],
    service_area: null,
    source: 'direct',
    verified: true,
    response: null,
    language: 'en',
    translation: null,
  }
}
