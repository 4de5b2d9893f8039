/**
 * A breakdown placed after the job, stated as a fact: "A day after the oil change the check engine light came on",
 * "Two weeks later the fan started making noise", "When I got the car home it wouldn't start", "as soon as I drove
 * off, the tyre was flat again". No opinion word, yet the work did not hold: a quality complaint.
 * The time words must come before the breakdown and place it after the business's work: "N days later", "after
 * (leaving | the repair | picking it up | having it fixed)", "when I got it home", "as soon as I left". A breakdown
 * before any such words is the customer's trouble ("My car wouldn't start, so I called them a week later").
 * The mark sits on the breakdown's verb, so another company's scope ("the other shop's fix died a week later")
 * still leaves it out.
 */
import { type Token, timeEntry } from './types'
import { NOT_OR_NEVER } from './words'

const SPANS = new Set(['minute', 'hour', 'day', 'week', 'month', 'mile', 'year'])
/** What "after" must be followed by to name the business's work or the customer's leaving with it. */
const JOB_AFTER = new Set([
  'leave',
  'pick',
  'service',
  'repair',
  'fix',
  'change',
  'install',
  'installation',
  'replace',
  'replacement',
  'visit',
  'job',
  'work',
  'tune',
  'tuneup',
  'appointment',
  'back',
  'smog',
  'inspection',
])
const TAKE_HOME = new Set(['get', 'take', 'bring', 'drive', 'ride', 'pick'])
/** Verbs a failing thing "starts" doing: "started leaking", "began to overheat", "started making noise". */
const FAILING = new Set([
  'leak',
  'overheat',
  'heat',
  'smoke',
  'stick',
  'squeal',
  'grind',
  'drip',
  'slip',
  'shake',
  'rattle',
  'fail',
  'act',
  'make',
  'smell',
  'burn',
  'flicker',
  'beep',
])

/** Is token k the start of words that place what follows after the job? Returns the index after them, or -1. */
function anchorEnd(tokens: Token[], k: number): number {
  const t = tokens[k]!
  // "two days later", "a week later", "2000 miles later".
  if (SPANS.has(t.lemma) && tokens[k + 1]?.surface === 'later') return k + 2
  // "after the oil change", "after leaving the shop", "a day after having my oil changed", "after I got it back".
  if (t.surface === 'after') {
    const next = tokens.slice(k + 1, k + 6)
    const stop = next.findIndex((x) => x.pos === 'PUNCT')
    const words = stop < 0 ? next : next.slice(0, stop)
    if (words.some((x) => JOB_AFTER.has(x.lemma))) return k + 1 + words.length
    return -1
  }
  // "as soon as I left", "as soon as I drove off the lot".
  if (t.surface === 'soon' && tokens[k - 1]?.surface === 'as' && tokens[k + 1]?.surface === 'as') return k + 2
  // "when I got the car home", "when I took it home", "on the way home".
  if (TAKE_HOME.has(t.lemma) && t.pos === 'VERB') {
    const home = tokens.slice(k + 1, k + 5).findIndex((x) => x.surface === 'home')
    if (home >= 0) return k + 2 + home
  }
  if (t.surface === 'way' && tokens[k + 1]?.surface === 'home') return k + 2
  // "shortly thereafter", "soon after".
  if ((t.surface === 'shortly' || t.surface === 'soon') && ['thereafter', 'after', 'afterwards'].includes(tokens[k + 1]?.surface ?? ''))
    return k + 2
  return -1
}

/** Is token k a breakdown: "wouldn't start", "came on" (a warning light), "started leaking", "stopped working", "went flat"? */
function breakdownAt(tokens: Token[], k: number): boolean {
  const t = tokens[k]!
  const before = (n: number) => tokens.slice(Math.max(0, k - n), k)
  const negated = before(2).some((x) => NOT_OR_NEVER.has(x.surface) || NOT_OR_NEVER.has(x.lemma))
  const next = tokens[k + 1]
  if (t.pos !== 'VERB' && t.pos !== 'AUX' && t.pos !== 'ADJ') return false
  // "it wouldn't start", "the car didn't start" (not "they didn't start the work": that is no breakdown).
  if (t.lemma === 'start' && negated) return !next || next.pos === 'PUNCT' || ['again', 'up', 'anymore', 'at'].includes(next.surface)
  // "it didn't work", "the AC was not working", "no longer works", "stopped working", "quit working".
  if (t.lemma === 'work' && t.pos === 'VERB')
    return negated || before(2).some((x) => x.surface === 'longer') || ['stop', 'quit'].includes(tokens[k - 1]?.lemma ?? '')
  // "the check engine light came on".
  if (t.lemma === 'come' && next?.surface === 'on') return before(4).some((x) => x.lemma === 'light')
  // "came loose", "came off", "fell off".
  if ((t.lemma === 'come' || t.lemma === 'fall') && ['loose', 'off', 'apart'].includes(next?.surface ?? '')) return true
  // "started leaking", "began to overheat", "started making noise".
  if (t.lemma === 'start' || t.lemma === 'begin') {
    const verb = next?.surface === 'to' ? tokens[k + 2] : next
    return verb !== undefined && verb.pos === 'VERB' && FAILING.has(verb.lemma)
  }
  // "the battery died", "it broke", "the tube popped again", "it went flat".
  if (['die', 'break', 'pop', 'fail', 'overheat'].includes(t.lemma) && t.pos === 'VERB' && !negated) return true
  if (t.lemma === 'go' && next?.surface === 'flat') return true
  return false
}

/** Marks a breakdown placed after the job on its verb (a sentence rule: runs before the sentence is split). */
export function breakdownAfterTheJob(tokens: Token[]): void {
  let anchoredFrom = -1
  for (let k = 0; k < tokens.length; k++) {
    if (anchoredFrom < 0) {
      const end = anchorEnd(tokens, k)
      if (end >= 0) {
        anchoredFrom = end
        k = end - 1
      }
      continue
    }
    const t = tokens[k]!
    if (t.extra || !breakdownAt(tokens, k)) continue
    t.extra = timeEntry('broke down after the job', -0.7, 'quality')
    return
  }
}
