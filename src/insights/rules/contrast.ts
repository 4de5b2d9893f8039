/**
 * Contrast: "but", "although", "except", "however" split a sentence into clauses judged apart; "other than X, Y"
 * is a concession. A complaint conceded by later praise of the same aspect ("not cheap but worth it", "Pricey?
 * Worth it.") is left out (VADER's "but" rule: what follows the contrast weighs more).
 */
import { LEADING_CONTRAST_WORDS, CONTRAST_WORDS, SUBORDINATING } from '../lexicon'
import type { AspectMention, Token } from './types'

export const CONTRAST = new Set(CONTRAST_WORDS)
export const LEADING_CONTRAST = new Set(LEADING_CONTRAST_WORDS)
export const SUBORDINATE = new Set(SUBORDINATING)
export function splitClauses(tokens: Token[]): Token[][] {
  const clauses: Token[][] = [[]]
  let subordinate = false
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!
    const current = clauses[clauses.length - 1]!
    const atStart = i === 0 || [',', ';', ':', '-', '—'].includes(tokens[i - 1]!.surface)
    // "They had not arrived yet.", "not fixed yet, and ...": a "yet" that closes its clause is the adverb, no contrast;
    // so is "have yet to", "is yet to" (not yet done).
    const next = tokens[i + 1]
    const closingYet =
      token.surface === 'yet' &&
      !atStart &&
      (!next ||
        next.pos === 'PUNCT' ||
        ['and', 'but', 'so', 'or'].includes(next.surface) ||
        (next.surface === 'to' && ['have', 'be'].includes(tokens[i - 1]!.lemma)))
    // "They did nothing but help us", "anything but cheap": "but" as "except", no contrast.
    const except =
      token.surface === 'but' &&
      ['nothing', 'anything'].includes(tokens[i - 1]?.surface ?? '') &&
      !['PRON', 'AUX', 'DET'].includes(next?.pos ?? 'PRON')
    const contrast =
      !closingYet &&
      !except &&
      CONTRAST.has(token.surface) &&
      ['CCONJ', 'SCONJ', 'ADV', 'ADP', 'INTJ', 'VERB'].includes(token.pos) &&
      (atStart || !LEADING_CONTRAST.has(token.surface))
    // "other than X, Y" and "apart from X, Y": a concession that runs to the comma.
    const concession =
      (token.surface === 'other' && tokens[i + 1]?.surface === 'than' && i <= 1) ||
      (token.surface === 'apart' && tokens[i + 1]?.surface === 'from')
    if (contrast || concession) {
      if (current.length) clauses.push([])
      subordinate = SUBORDINATE.has(token.surface) || concession
      if (concession) i++
      continue
    }
    if (token.surface === ';' || (subordinate && token.surface === ',')) {
      if (current.length) clauses.push([])
      subordinate = false
      continue
    }
    if (SUBORDINATE.has(token.surface) && current.length === 0) subordinate = true
    current.push(token)
  }
  return clauses.filter((c) => c.some((t) => t.pos !== 'PUNCT'))
}
/**
 * Concession within one aspect: "not cheap but worth it", "a little higher than I expected, but fair". When a
 * later clause of the sentence judges the same aspect the other way up, the earlier complaint is conceded
 * (VADER's "but" rule, which weighs what follows the contrast over what precedes it) and is left out.
 */
export function withoutConceded(mentions: { mention: AspectMention; index: number }[]): AspectMention[] {
  return mentions
    .filter(
      ({ mention, index }) =>
        !(
          mention.sentiment === 'negative' &&
          mentions.some((m) => m.index > index && m.mention.aspect === mention.aspect && m.mention.sentiment === 'positive')
        ),
    )
    .map(({ mention }) => mention)
}
/** "Pricey? Maybe a little. Worth it? Absolutely.": a later "worth" of the same aspect weighs the cost named before and concedes it. */
export function withoutWorthConceded(mentions: AspectMention[]): AspectMention[] {
  return mentions.filter(
    (m, k) =>
      !(
        m.sentiment === 'negative' &&
        mentions
          .slice(k + 1)
          .some(
            (later) =>
              later.aspect === m.aspect && later.sentiment === 'positive' && later.cues.some((c) => c.split(' ').includes('worth')),
          )
      ),
  )
}
