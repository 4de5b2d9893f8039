/**
 * A repair named in the story is no judgement of it: "He fixed our fences, installed a sprinkler system", "I had them
 * fix a small hole in the wall". "Fix" keeps its praise only when what it fixed is the trouble itself ("fixed the
 * problem", "fixed it", "fixed everything", "fixed the leak"), or when it is denied ("never fixed it" stays a complaint).
 * Read from the real train split, where a bare "fix" of a named thing was labelled no aspect about three times in four.
 */
import type { Clause } from './types'
import { TROUBLE } from './words'

const FIX = new Set(['fix', 'fixed', 'repair', 'repaired'])
/** What a fix of the trouble itself names: the problem, or a pronoun standing for it. */
const THE_TROUBLE = new Set([
  'problem',
  'problems',
  'issue',
  'issues',
  'it',
  'them',
  'everything',
  'that',
  'this',
  'all',
  'thing',
  'things',
])
const DETERMINERS = new Set(['the', 'a', 'an', 'our', 'my', 'his', 'her', 'their', 'your', 'this', 'that', 'some', 'two', 'both'])

/** Words before a "fix" that make it a purpose or a request, not a repair done: "to fix it", "come fix things", "help fix". */
const PURPOSE = new Set(['to', 'come', 'go', 'help', 'helped', 'will', 'can', 'could', 'might', 'should', 'must', 'try', 'tried'])

export function repairsNamed({ tokens, hits }: Clause): void {
  for (const h of hits) {
    if (h.end - h.start !== 1 || h.negated || h.score <= 0 || !FIX.has(h.entry.phrase)) continue
    // "He recommended a few things I might try to fix it", "I asked maintenance to come fix things": no repair judged
    // (real train split: a fix wanted or attempted was labelled no aspect). A stated result stays ("they fixed it").
    // "knows how to fix it" is praise of skill; "he would fix everything" a habit of doing it.
    if (h.entry.phrase === 'fix' && PURPOSE.has(tokens[h.start - 1]?.surface ?? '') && tokens[h.start - 2]?.surface !== 'how') {
      h.score = 0
      continue
    }
    // The first word of what was fixed, past determiners and up to two modifiers.
    let k = h.end
    while (k < tokens.length && DETERMINERS.has(tokens[k]!.surface)) k++
    const object = tokens.slice(k, k + 3)
    if (!object.length) continue
    if (object.some((t) => THE_TROUBLE.has(t.surface) || TROUBLE.has(t.lemma))) continue
    if (object[0]!.pos === 'NOUN' || object[0]!.pos === 'ADJ' || object[0]!.pos === 'PROPN') h.score = 0
  }
}
