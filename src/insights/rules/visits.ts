/**
 * Coming back: the customer's own return is general praise or blame, no aspect ("We will never come back", "we'll
 * be back", "I will never return here"); the business coming back again and again to fix the same fault is a complaint about the work ("They
 * had to come back twice to fix it", "it took three visits to get it right").
 */
import { type Clause, type Hit, type Token, timeEntry } from './types'
import { CLAUSE_SUBJECTS, FIRST_PERSON } from './words'

const RETURNS = new Set(['come back', 'be back'])
const NOT_RETURNING = new Set(['not return', 'never return'])
const MESSAGES = new Set(['call', 'calls', 'message', 'email', 'text', 'voicemail', 'phone'])

/** "We will never come back", "I'll be back", "Not coming back": the customer returning (or not) as a customer. */
export const customersReturn = (tokens: Token[], h: Hit): boolean => {
  // "I will never return here", "Will not return": the customer not returning; "they never returned my call(s)" is silence.
  if (NOT_RETURNING.has(h.entry.phrase)) {
    if (MESSAGES.has(tokens[h.end]?.lemma ?? '') || MESSAGES.has(tokens[h.end + 1]?.lemma ?? '')) return false
    const subject = tokens.slice(0, h.start).findLast((t) => CLAUSE_SUBJECTS.has(t.surface))
    return subject === undefined || FIRST_PERSON.has(subject.surface)
  }
  if (!RETURNS.has(h.entry.phrase)) return false
  // "Will be back again", "Ill be back there": the customer's intention with "I" dropped or run into "Ill".
  if (tokens[h.start - 1]?.surface === 'ill' || (h.start === 1 && tokens[0]!.surface === 'will')) return true
  const subject = tokens.slice(0, h.start).findLast((t) => CLAUSE_SUBJECTS.has(t.surface))
  // "Not coming back", "Never again coming back": a review drops its "we"; the business is not refused like that.
  if (subject === undefined) return h.negated
  return FIRST_PERSON.has(subject.surface)
}

export function customersOwnReturn(clause: Clause): void {
  const kept = clause.hits.filter((h) => !customersReturn(clause.tokens, h))
  if (kept.length !== clause.hits.length) clause.hits.splice(0, clause.hits.length, ...kept)
}

const COUNTS = new Set(['twice', 'again', 'three', 'four', 'five', 'several', 'multiple', 'many', 'numerous', 'repeatedly'])
const VISITS = new Set(['visit', 'trip', 'time', 'attempt', 'try'])
/** A count of times: "4 times", "three times", "several times". */
const COUNTED_TIMES = /^(\d+|two|three|four|five|six|several|multiple|many|numerous)$/
const REPAIRS = new Set(['fix', 'repair', 'finish', 'redo', 'correct', 'get', 'complete', 'solve', 'resolve'])

/**
 * Marks a repeat visit to fix the same fault as a quality complaint (on the word that counts the visits):
 * "had to come back twice to fix it", "came out three times", "it took them 4 visits to fix", "had to come back to fix it".
 */
export function repeatVisits(tokens: Token[]): void {
  for (let i = 0; i + 1 < tokens.length; i++) {
    const t = tokens[i]!
    if (t.extra) continue
    const coming = ['come', 'return', 'go', 'be', 'send'].includes(t.lemma) && ['back', 'out', 'over'].includes(tokens[i + 1]!.surface)
    if (coming) {
      const after = tokens.slice(i + 2, i + 6)
      const counted = after.find((x, k) => COUNTS.has(x.surface) && (x.surface !== 'three' || VISITS.has(after[k + 1]?.lemma ?? '')))
      const hadTo = tokens[i - 1]?.surface === 'to' && tokens[i - 2]?.lemma === 'have'
      const toFix = after.some((x, k) => x.surface === 'to' && REPAIRS.has(after[k + 1]?.lemma ?? ''))
      if ((counted && counted.surface !== 'again') || (hadTo && (toFix || counted)))
        (counted ?? tokens[i + 1]!).extra = timeEntry('came back again to fix it', -0.7, 'quality')
      continue
    }
    // "I ended up taking my car back 4 times for the same problem", "had to bring it back twice to get it fixed": the
    // customer bringing it back, counted, for the same fault (not "I take my car back there every year").
    if (['take', 'bring'].includes(t.lemma) && t.pos === 'VERB') {
      const back = tokens.slice(i + 1, i + 5).findIndex((x) => x.surface === 'back')
      if (back >= 0) {
        const at = i + 2 + back
        const after = tokens.slice(at, at + 4)
        const counted = after.find(
          (x, k) => x.surface === 'twice' || (COUNTED_TIMES.test(x.surface) && ['time', 'times'].includes(after[k + 1]?.surface ?? '')),
        )
        const same =
          tokens.some((x) => x.surface === 'same' || x.surface === 'still') ||
          after.some((x, k) => x.surface === 'to' && REPAIRS.has(after[k + 1]?.lemma ?? ''))
        if (counted && same && !counted.extra) counted.extra = timeEntry('brought back again for the same fault', -0.7, 'quality')
      }
      continue
    }
    // "it took them 4 visits to fix", "three trips to get it right".
    if (/^\d+$|^(two|three|four|five|several|multiple|many|numerous)$/.test(t.surface) && VISITS.has(tokens[i + 1]!.lemma)) {
      const after = tokens.slice(i + 2, i + 6)
      if (tokens[i + 1]!.lemma !== 'time' && after.some((x, k) => x.surface === 'to' && REPAIRS.has(after[k + 1]?.lemma ?? '')))
        t.extra = timeEntry('took several visits to fix', -0.7, 'quality')
    }
  }
}
