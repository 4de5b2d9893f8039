/**
 * The business's own aspects (business.json, see ../vocabulary.ts): a cue phrase the owner listed ("dish",
 * "wait time") mentions its aspect wherever its words stand in a clause, matched by word or lemma ("dishes"
 * has the lemma of "dish", so forms need no listing twice). Its feeling is the existing machinery's: the hits
 * of the clause as read (negation, contrast, the clause rules), those of the cue's own part of the clause
 * (between commas and "and") first, else the whole clause's. The aspect's own opinion words (`positive`,
 * `negative`: "delicious", "bland", words the home-services lexicon has no feeling for) add theirs in their
 * part, flipped by a negator up to three words before them ("not bland"), and mention the aspect on their own
 * ("Delicious!"). A cue with no feeling around it is a neutral mention: the owner named it as their aspect,
 * as the defaults count a word that names the aspect itself ("the price was $450"). Words said about another
 * company do not count.
 */
import type { CustomAspectCues } from '../vocabulary'
import { isLive } from './competitor-scope'
import { NEGATION_WINDOW } from './negation'
import { sentencesOf } from './tokenize'
import { clamp, NEGATION_SCALAR, type Hit, type Token } from './types'
import { isNegator, SEGMENT_BREAKS } from './words'

type CueWords = { surface: string; lemma: string }[]

/** How strongly an owner's opinion word feels: as the lexicon's plain opinion words ("good" 0.7, "friendly" 0.8). */
export const OWN_OPINION = 0.8

const cueCache = new Map<string, CueWords>()
/** A cue's words as the analyser reads them (lemmas from the same model), computed once per cue. */
function cueWords(cue: string): CueWords {
  let words = cueCache.get(cue)
  if (!words) {
    words = sentencesOf(cue)
      .flat()
      .filter((t) => t.pos !== 'PUNCT' || t.surface === '-')
      .map((t) => ({ surface: t.surface, lemma: t.lemma }))
    cueCache.set(cue, words)
  }
  return words
}

const matchesAt = (tokens: Token[], at: number, words: CueWords) =>
  words.length > 0 &&
  at + words.length <= tokens.length &&
  words.every((w, k) => {
    const t = tokens[at + k]!
    return !t.competitor && (t.surface === w.surface || t.lemma === w.lemma || t.lemma === w.surface || t.surface === w.lemma)
  })

/** Where each of `phrases` occurs in the clause: [start, end) and the phrase. */
function occurrences(tokens: Token[], phrases: readonly string[]): { start: number; end: number; phrase: string }[] {
  const found: { start: number; end: number; phrase: string }[] = []
  const taken = new Set<number>()
  for (const phrase of phrases) {
    const words = cueWords(phrase)
    for (let at = 0; at < tokens.length; at++)
      if (!taken.has(at) && matchesAt(tokens, at, words)) {
        for (let k = at; k < at + words.length; k++) taken.add(k)
        found.push({ start: at, end: at + words.length, phrase })
        at += words.length - 1
      }
  }
  return found
}

/** A negator within NEGATION_WINDOW words before `start`, in the same part of the clause. */
function negatedAt(tokens: Token[], start: number, segmentOf: number[]): boolean {
  for (let k = start - 1; k >= 0 && k >= start - NEGATION_WINDOW && segmentOf[k] === segmentOf[start]; k--) {
    const t = tokens[k]!
    if (isNegator(t) || t.surface === "n't") return true
  }
  return false
}

/**
 * The custom aspects one clause mentions, each with its score (-1..1, 0 for a neutral mention) and the cues
 * that fired. `hits` are the clause's hits as readClause left them.
 */
export function customAspectsOf(
  tokens: Token[],
  hits: Hit[],
  aspects: readonly CustomAspectCues[],
): Map<string, { score: number; cues: string[] }> {
  const found = new Map<string, { score: number; cues: string[] }>()
  if (!aspects.length) return found
  const live = hits.filter((h) => isLive(tokens, h) && !h.job)
  const segmentOf: number[] = []
  let segment = 0
  for (let i = 0; i < tokens.length; i++) {
    if (SEGMENT_BREAKS.has(tokens[i]!.surface)) segment++
    segmentOf[i] = segment
  }
  const clauseScore = clamp(live.reduce((s, h) => s + h.score, 0))
  const segmentScore = (s: number) => live.reduce((sum, h) => sum + (h.segment === s ? h.score : 0), 0)
  for (const aspect of aspects) {
    const named = occurrences(tokens, aspect.cues)
    const felt = [
      ...occurrences(tokens, aspect.positive ?? []).map((o) => ({ ...o, sign: 1 })),
      ...occurrences(tokens, aspect.negative ?? []).map((o) => ({ ...o, sign: -1 })),
    ]
    if (!named.length && !felt.length) continue
    // Per part of the clause that mentions it: the machinery's feeling there plus the aspect's own words (one part, one mention).
    const parts = new Map<number, { own: number; cue: boolean }>()
    for (const o of named) parts.set(segmentOf[o.start]!, { own: parts.get(segmentOf[o.start]!)?.own ?? 0, cue: true })
    for (const o of felt) {
      const part = segmentOf[o.start]!
      const score = o.sign * OWN_OPINION * (negatedAt(tokens, o.start, segmentOf) ? NEGATION_SCALAR : 1)
      const before = parts.get(part)
      parts.set(part, { own: (before?.own ?? 0) + score, cue: before?.cue ?? false })
    }
    let score = 0
    for (const [part, { own }] of parts) {
      const here = clamp(segmentScore(part) + own)
      score += here !== 0 ? here : own === 0 ? clauseScore : 0
    }
    const cues = [...new Set([...named, ...felt].sort((a, b) => a.start - b.start).map((o) => o.phrase))]
    found.set(aspect.id, { score: clamp(score), cues })
  }
  return found
}
