/**
 * From hits to aspects: which aspect each felt cue speaks of and with what feeling (its own, or that of the
 * aspect-free words beside it), weak cues, and two readings across parts of a clause: a sarcastic exclamation
 * beside a plain complaint ("Great communication, I only had to call six times") and "worth" conceding a cost.
 */
import { EXCLAMATIVE_PRAISE, type AspectId } from '../lexicon'
import { type AnalysisContext, type Token, type Hit, clamp } from './types'
import { FOUND_FINE, SEGMENT_BREAKS, SPEED_NOUN_SET } from './words'
import { isLive } from './competitor-scope'

/** How far (in tokens) an aspect-free word may stand from a felt cue and still colour it. */
export const NEAR = 3
export const EXCLAMATIVE = new Set(EXCLAMATIVE_PRAISE)
/** Verbs that join a thing to the adjective judging it: "the food was bland", "the paint looks cheap". */
const LINKING = new Set(['be', 'look', 'seem', 'taste', 'feel', 'smell', 'sound', 'become', 'get', 'remain', 'stay', 'turn', 'end', 'come'])
/** The particle of a linking verb: "my hair ended up lopsided", "it came out uneven", "turned out crooked". */
const PARTICLES = new Set(['up', 'out'])
/** Adjectives that say what a thing cost, not what it is like: "free coffee" is no judgement of the coffee. */
const NOT_OF_THE_THING = new Set(['free', 'complimentary', 'included', 'extra'])
/** What may stand between a linking verb and its adjective: "was far too bland", "has not been very good". */
const BETWEEN = new Set(['ADV', 'PART', 'AUX'])
/**
 * Whether the adjective hit judges the thing: right before it ("bland food", "a bad paint job"), or after it across a
 * linking verb and nothing but adverbs ("the food was far too bland"). An adjective of another noun judges nothing:
 * "the car was making a horrible noise", "the deck was in terrible shape before they came"; nor do "wobbled like
 * crazy" and "the heater leaked".
 */
function judges(tokens: Token[], adjective: Hit, thing: Hit): boolean {
  const word = tokens[adjective.start]!
  if (word.pos !== 'ADJ' || NOT_OF_THE_THING.has(word.lemma)) return false
  if (adjective.end <= thing.start) return thing.start - adjective.end <= 1
  if (adjective.start < thing.end || adjective.start - thing.end > 5) return false
  if (tokens[adjective.end]?.pos === 'NOUN') return false
  const between = tokens.slice(thing.end, adjective.start)
  // "The wiring turned out fine, it was just a breaker": a diagnosis (story.ts), not the work judged.
  if (between.some((t) => t.lemma === 'turn') && FOUND_FINE.has(word.surface)) return false
  const linking = between.findIndex((t) => LINKING.has(t.lemma))
  return (
    linking >= 0 &&
    between.every((t, k) => k === linking || BETWEEN.has(t.pos) || LINKING.has(t.lemma) || (k === linking + 1 && PARTICLES.has(t.surface)))
  )
}
/** A thing judged is a weak reading: it stays below a strong rule's score, so a five-star rating may doubt it. */
const JUDGED_AT_MOST = 0.6

/**
 * The aspects of one clause, each with its sentiment: the cue's own sentiment plus that of the
 * aspect-free words in its part of the clause ("great", "very"), else those of the whole clause. A
 * cue with no sentiment of its own does not borrow another aspect's ("nobody got back to me about the
 * estimate" says nothing about the price), and is dropped when nothing is felt, unless it names the
 * aspect itself. Weak cues count only in a part with a sentiment of its own and no specific cue.
 */
export function aspectsOf(tokens: Token[], hits: Hit[], context: AnalysisContext): Map<AspectId, { score: number; cues: string[] }> {
  const live = hits.filter((h) => isLive(tokens, h) && !h.job)
  // Aspect-free feeling ("great", "unfortunately"); a weak cue's feeling ("fix") belongs to its own aspect.
  const free = live.filter((h) => !h.entry.aspects.length)
  const lending = free.filter((h) => !h.entry.weak.length)
  const freeScore = (segment?: number) => lending.reduce((s, h) => s + (segment === undefined || h.segment === segment ? h.score : 0), 0)
  // A cue with a feeling of its own takes only what stands next to it ("showed up ... he was great" is not about punctuality).
  const nearScore = (h: Hit) =>
    lending.reduce(
      (s, x) => s + (x.segment === h.segment && (x.start >= h.end ? x.start - h.end : h.start - x.end) <= NEAR ? x.score : 0),
      0,
    )
  const segmentScore = new Map<number, number>()
  for (const h of live) segmentScore.set(h.segment, (segmentScore.get(h.segment) ?? 0) + h.score)
  const strongSegments = new Set(live.filter((h) => h.entry.aspects.length).map((h) => h.segment))
  const found = new Map<AspectId, { score: number; cues: string[] }>()
  const bySegment = new Map<AspectId, { segment: number; score: number; worth: boolean }[]>()
  const counted = new Set<string>()
  for (const h of live) {
    let aspects = h.entry.aspects
    let score: number
    // An adjective that qualifies a word naming another aspect lends it its feeling: "honest pricing" is about price.
    const head = live.find((x) => x.start === h.end && x.entry.explicit && x.entry.aspects.length)
    if (head && aspects.length && !aspects.some((a) => head.entry.aspects.includes(a))) continue
    if (aspects.length) {
      // An adjective right before the cue qualifies it, whatever its own aspect ("helpful explanations").
      const qualifier = h.score === 0 ? live.find((x) => x.end === h.start && x.entry.aspects.length) : undefined
      score = h.score !== 0 ? h.score + nearScore(h) : (qualifier?.score ?? 0) + freeScore(h.segment) || freeScore()
    } else {
      const own = segmentScore.get(h.segment) ?? 0
      score = own
      // A denied trouble noun is praise of the work, unless the part names another aspect ("no complaints about the price").
      if (h.entry.trouble && h.negated && !strongSegments.has(h.segment)) aspects = ['quality']
      // A weak cue needs a feeling of its own kind: "came the next day" says nothing about the technician.
      // "Horrible week", "a long day": the customer's own time, felt by its adjective, not the service's speed.
      else if (h.entry.weak.includes('speed') && live.some((x) => x.end === h.start && !x.entry.aspects.length && x.score !== 0)) continue
      // A thing is judged by an adjective ("the food was bland"); a verb's trouble ("the pipe leaked") is the story's.
      else if (h.entry.judged && !lending.some((x) => x.segment === h.segment && x.score !== 0 && judges(tokens, x, h))) continue
      else if (
        h.entry.weak.length &&
        !strongSegments.has(h.segment) &&
        own !== 0 &&
        free.some((x) => x !== h && x.segment === h.segment && x.score !== 0 && !x.entry.weak.some((w) => !h.entry.weak.includes(w)))
      )
        aspects = h.entry.weak
      else if (h.entry.weak.length && !strongSegments.has(h.segment) && h.score !== 0) aspects = h.entry.weak
      else continue
    }
    score = clamp(score)
    if (h.entry.judged && !h.entry.aspects.length) score = Math.max(-JUDGED_AT_MOST, Math.min(JUDGED_AT_MOST, score))
    // No feeling, no opinion: "the price of copper has gone up" is not a mention of this business's prices.
    if (score === 0) continue
    for (const raw of aspects) {
      // The business's own product is not an aspect of it: for a cleaning company, "clean" is the quality of the work.
      const aspect: AspectId = context.cleaningBusiness && raw === 'cleanliness' ? 'quality' : raw
      const key = `${aspect}:${h.segment}`
      const current = found.get(aspect)
      if (counted.has(key)) {
        // One part, several cues of one aspect: the strongest feeling stands, not their sum.
        if (current && Math.abs(score) > Math.abs(current.score)) current.score = score
        current?.cues.push(h.entry.phrase)
        continue
      }
      counted.add(key)
      if (current) {
        current.score = clamp(current.score + score)
        current.cues.push(h.entry.phrase)
      } else found.set(aspect, { score, cues: [h.entry.phrase] })
      bySegment.set(aspect, [...(bySegment.get(aspect) ?? []), { segment: h.segment, score, worth: h.entry.words.includes('worth') }])
    }
  }
  // Sarcasm: an exclamation of praise beside a plain complaint about the same thing, with no "but" between
  // ("Great communication, I only had to call six times", "$180 to flip a breaker, what a bargain"): the complaint stands.
  const words = segmentWords(tokens)
  // A verbless fragment of praise: "Great communication", "Super fast service", "what a bargain".
  const exclamation = (s: number) =>
    (words.get(s)?.length ?? 99) <= 4 &&
    !words.get(s)!.some((t) => ['VERB', 'AUX'].includes(t.pos) && !t.sentenceStart && !SPEED_NOUN_SET.has(t.lemma)) &&
    (words.get(s)!.some((t) => EXCLAMATIVE.has(t.lemma)) || hits.some((h) => h.segment === s && h.score > 0))
  for (const [aspect, parts] of bySegment) {
    const negative = parts.filter((p) => p.score < 0)
    // "Waited a week for the appointment, totally worth the wait": "worth" weighs the cost it names and concedes it.
    const conceding = parts.filter((p) => p.worth && p.score > 0 && negative.every((n) => n.segment < p.segment))
    if (negative.length && conceding.length) found.get(aspect)!.score = clamp(conceding.reduce((sum, p) => sum + p.score, 0))
    else if (negative.length && parts.some((p) => p.score > 0 && exclamation(p.segment)))
      found.get(aspect)!.score = clamp(negative.reduce((sum, p) => sum + p.score, 0))
  }
  return found
}

/** The words (punctuation left out) of each part of a clause, parts numbered from 0 at each segment break. */
function segmentWords(tokens: readonly Token[]): Map<number, Token[]> {
  const words = new Map<number, Token[]>()
  let segment = 0
  for (const t of tokens) {
    if (SEGMENT_BREAKS.has(t.surface)) segment++
    else if (t.pos !== 'PUNCT') {
      const list = words.get(segment)
      if (list) list.push(t)
      else words.set(segment, [t])
    }
  }
  return words
}
