/**
 * Competitor scope, part two: how far what is said about another company reaches. The scope runs from the
 * mention (competitor-mentions.ts) to the next comma, semicolon or contrast, both ways within that stretch,
 * except words before a comparative and "than"/"what" that judge this business against it ("cheaper than the
 * other quotes"). Later parts that name one of the others again ("two never called back") are theirs too.
 */
import { COMPARATIVES, SENTIMENT } from '../lexicon'
import { COMPETITOR_HEAD_SET, COMPETITOR_MODIFIER_SET, isCompetitorMention } from './competitor-mentions'
import type { Hit, Token } from './types'
import { NEGATOR_SET } from './words'

export const COMPARATIVE_SET = new Set(COMPARATIVES)
export const SCOPE_OPENERS = new Set(['after', 'before', 'when', 'because', 'since', 'than', 'while', 'where', 'whereas'])
const STRETCH_ENDS = [',', ';', 'but', 'whereas']

/** Marks the tokens said about another company (`Token.competitor`). */
export function markCompetitors(tokens: Token[]): void {
  for (let i = 0; i < tokens.length; i++) {
    if (!isCompetitorMention(tokens, i)) continue
    const [from, to] = competitorScope(tokens, i)
    for (let k = from; k <= to; k++) tokens[k]!.competitor = true
  }
  markCompetitorAnaphora(tokens)
}

/** The stretch around token i up to a comma, semicolon or contrast ("The other company was rude but Mike was great"). */
export function stretchAround(tokens: Token[], i: number): readonly [number, number] {
  let start = i
  while (start > 0 && !STRETCH_ENDS.includes(tokens[start - 1]!.surface)) start--
  let end = i
  while (end + 1 < tokens.length && !STRETCH_ENDS.includes(tokens[end + 1]!.surface)) end++
  return [start, end]
}

/** The first and last token said about the company named at token i. */
export function competitorScope(tokens: Token[], i: number): readonly [number, number] {
  const t = tokens[i]!
  const [segmentStart, end] = stretchAround(tokens, i)
  // "Finally someone who knew what they were doing after two other companies failed": the scope starts at "after".
  let start = segmentStart
  for (let k = i - 1; k > segmentStart; k--) {
    if (SCOPE_OPENERS.has(tokens[k]!.surface)) {
      start = k
      break
    }
  }
  const keepUntil = comparisonPivot(tokens, start, i)
  let stop = end
  // "He was quick to blame the previous installer and ...": the other company is the object of this business's doing;
  // the scope starts at the mention and ends at the next conjunction.
  const subject = tokens.slice(start, i).findIndex((x) => ['he', 'she', 'they'].includes(x.surface) && !x.competitor)
  if (subject >= 0 && t.surface !== 'unlike' && !tokens.slice(start, i).some((x) => SCOPE_OPENERS.has(x.surface))) {
    start = Math.max(start, i - (tokens[i - 1] && ['the', 'a', 'an', 'his', 'their', 'our'].includes(tokens[i - 1]!.surface) ? 1 : 0))
    const conjunction = tokens.slice(i + 1, end + 1).findIndex((x) => ['and', 'but', 'so', 'because'].includes(x.surface))
    if (conjunction >= 0) stop = i + conjunction
  }
  // "Unlike the last plumber, who never showed up, Mike was on time": the relative clause is the competitor's too.
  if (t.surface === 'unlike' && ['who', 'which', 'that'].includes(tokens[end + 2]?.surface ?? '')) {
    stop = end + 2
    while (stop + 1 < tokens.length && ![',', ';'].includes(tokens[stop + 1]!.surface)) stop++
  }
  return [Math.max(start, keepUntil), stop]
}

/**
 * "cheaper than the other quotes", "twice what the other company charged": a comparison judges this business,
 * so the scope starts only at its pivot ("than", "what", "compared", "under", ...). Returns that pivot, or `start`.
 */
export function comparisonPivot(tokens: Token[], start: number, mention: number): number {
  let keepUntil = start
  for (let k = start; k < mention; k++) {
    const pivot = tokens[k]!.surface
    const judged = tokens
      .slice(start, k)
      .some(
        (x) =>
          COMPARATIVE_SET.has(x.surface) ||
          x.surface.endsWith('er') ||
          SENTIMENT[x.lemma] !== undefined ||
          SENTIMENT[x.surface] !== undefined,
      )
    if (['than', 'what', 'compared', 'compare', 'under', 'below', 'over', 'above'].includes(pivot) && judged) keepUntil = k
  }
  return keepUntil
}

export const PLURAL_TRADES = new Set([
  'plumbers',
  'electricians',
  'contractors',
  'companies',
  'roofers',
  'handymen',
  'technicians',
  'installers',
  'firms',
])
export const ANAPHORIC_COMPETITORS = new Set([
  'one',
  'two',
  'three',
  'four',
  'both',
  'neither',
  'none',
  'first',
  'second',
  'third',
  'fourth',
  'last',
  'other',
  'others',
  'rest',
])
const markPart = (tokens: Token[], from: number) => {
  for (let m = from; m < tokens.length && ![',', ';', 'but'].includes(tokens[m]!.surface); m++) tokens[m]!.competitor = true
}
/**
 * "Called three companies, two never called back and the third wanted $200": once other companies are named,
 * a part that starts with a bare number or ordinal standing for one of them ("two", "the third", "the other one",
 * "one of them") is said about them too, up to the next comma, semicolon or "but".
 */
export function markCompetitorAnaphora(tokens: Token[]): void {
  const first = tokens.findIndex((t) => t.competitor)
  if (first < 0) return
  for (let i = first + 1; i < tokens.length; i++) {
    if (![',', ';', 'and', 'while', 'whereas'].includes(tokens[i - 1]!.surface) || tokens[i]!.competitor) continue
    let k = tokens[i]!.surface === 'the' ? i + 1 : i
    // "... and the plumbers blamed the roof": the others, named again by their trade.
    if (k > i && PLURAL_TRADES.has(tokens[k]?.surface ?? '') && ['VERB', 'AUX', 'ADV'].includes(tokens[k + 1]?.pos ?? '')) {
      markPart(tokens, i)
      continue
    }
    if (!ANAPHORIC_COMPETITORS.has(tokens[k]?.surface ?? '')) continue
    k++
    if (tokens[k]?.surface === 'one' || tokens[k]?.surface === 'guy') k++
    if (tokens[k]?.surface === 'of' && tokens[k + 1]?.surface === 'them') k += 2
    // A bare number names a company only as the subject of what follows ("two never called back"), not "two hours".
    if (!['VERB', 'AUX', 'ADV'].includes(tokens[k]?.pos ?? '') && !NEGATOR_SET.has(tokens[k]?.surface ?? '')) continue
    markPart(tokens, i)
  }
}

/** A hit said about another company is left out, unless the phrase itself is about turning to one ("had another company redo it"). */
export const isLive = (tokens: Token[], h: Hit) =>
  !tokens[h.start]!.competitor || h.entry.words.some((w) => COMPETITOR_HEAD_SET.has(w) || COMPETITOR_MODIFIER_SET.has(w) || w === 'theirs')
