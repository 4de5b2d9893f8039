/**
 * Wishes name what was missing: "Staff could be more friendly", "the communication could have been better",
 * "rooms could have been cleaner", "it would be nice if they called back", "they could do much better on customer
 * service", "if they had just notified us", "a simple phone call would have been nice", and demands put as questions ("how
 * hard is it to show up on time?", "would it kill them to call back?") are complaints, not praise.
 * ("Couldn't be better" and "couldn't be happier" are praise, matched whole as phrases.)
 */
import type { Clause, Token } from './types'

type Wish = {
  /** Where what was wished for starts. */
  from: number
  /** The wish's own word of praise ("nice"), which says nothing itself. */
  nice?: number
  /** "A simple phone call would have been nice": what was wished for comes before the wish, from `from` to it. */
  before?: true
  /** A demand ("how hard is it to ..."): its frame [frame, from) says nothing itself, and what follows is wanted whole. */
  frame?: number
}
const MODALS = new Set(['could', 'should', 'would', 'might', "'d"])
const WISHED = new Set(['nice', 'good', 'great', 'helpful', 'better', 'appreciated', 'appreciate'])
/** A modal denied is no wish ("couldn't be better"); a denial before "anyone could" makes it praise. */
const DENIED = new Set(['not', "n't", 'never'])
const isComparative = (t: Token, previous?: Token) =>
  ['better', 'more', 'less'].includes(t.surface) ||
  ['more', 'bit', 'little'].includes(previous?.surface ?? '') ||
  (/er$/.test(t.surface) && t.lemma !== t.surface)

/**
 * After "could do" / "could have done": "better", "much better", "a cleaner job" wish for more; "it cheaper than the big
 * companies" is a claim of what they can do, "no better" and "any better" are no wish.
 */
function betterDone(tokens: Token[], k: number): boolean {
  let j = k
  while (['much', 'a', 'far', 'way', 'lot', 'little', 'bit'].includes(tokens[j]?.surface ?? '')) j++
  // "a better job", "a cleaner job", "a more thorough job".
  return tokens[j] !== undefined && (isComparative(tokens[j]!, tokens[j - 1]) || tokens[j]!.surface === 'more')
}

/** Where the wish at token m reaches: after "could be", "could have been", "would be nice if", "could do better". */
function wishAt(tokens: Token[], m: number): Wish | undefined {
  if (!MODALS.has(tokens[m]!.surface) || DENIED.has(tokens[m + 1]?.surface ?? '')) return undefined
  // "Nobody could have done a better job", "no one could be more helpful", "I don't think anyone could do better": praise.
  for (let s = Math.max(0, m - 2); s < m; s++) {
    const subject = tokens[s]!.surface
    if (
      ['nobody', 'noone', 'none'].includes(subject) ||
      // "I don't think anyone could do better" is praise; "anyone could have done a better job" is not.
      (['anyone', 'anybody'].includes(subject) && tokens.slice(0, m).some((x) => DENIED.has(x.surface))) ||
      (subject === 'no' && tokens[s + 1]?.surface === 'one')
    )
      return undefined
  }
  let k = m + 1
  // "could have been", "my dog could have done a better job".
  if (tokens[k]?.lemma === 'have' && tokens[k + 1]?.lemma === 'be') k += 2
  else if (tokens[k]?.lemma === 'have' && tokens[k + 1]?.lemma === 'do' && betterDone(tokens, k + 2)) k += 2
  else if (tokens[k]?.lemma === 'be') k += 1
  // "could do better"; not "you could do no better than call them", nor "to see if they could do any better" (a trial).
  else if (
    tokens[k]?.lemma === 'do' &&
    betterDone(tokens, k + 1) &&
    !tokens.slice(Math.max(0, m - 3), m).some((t) => t.surface === 'if' || t.surface === 'whether')
  )
    k += 1
  else return undefined
  // "it would be nice if ...", "would have been appreciated if ...".
  if (WISHED.has(tokens[k]?.lemma ?? '') && ['if', 'to'].includes(tokens[k + 1]?.surface ?? '')) return { from: k + 2, nice: k }
  const until = Math.min(tokens.length, k + 4)
  for (let j = k; j < until; j++) if (isComparative(tokens[j]!, tokens[j - 1])) return { from: k }
  return undefined
}

const THEY = new Set(['they', 'he', 'she', 'someone', 'somebody', 'anyone'])
/** Past participles spelled as their verb: "if they had let us know", "had put it in writing". */
const SAME_PAST = new Set(['let', 'put', 'set', 'shut', 'cut', 'read'])
/** "If they had just notified us", "if he had been on time", "had they called": what they did not do, wished after the fact. */
function regretAt(tokens: Token[], m: number): Wish | undefined {
  // "Had they called or notified me, ...": the same regret, inverted at the clause's start.
  if (tokens[m]!.surface === 'had' && THEY.has(tokens[m + 1]?.surface ?? '') && (m === 0 || tokens[m - 1]!.pos === 'PUNCT'))
    return done(tokens, m + 2) ? { from: m + 2 } : undefined
  if (tokens[m]!.surface !== 'if' || !THEY.has(tokens[m + 1]?.surface ?? '') || tokens[m + 2]?.surface !== 'had') return undefined
  return done(tokens, m + 3) ? { from: m + 3 } : undefined
}
/** "had (just) notified", "had been": a past doing; not "had any concerns" (having), nor "had not come" (denied). */
function done(tokens: Token[], k: number): boolean {
  const at = tokens[k] && ['just', 'only', 'simply'].includes(tokens[k]!.surface) ? k + 1 : k
  const t = tokens[at]
  return t !== undefined && (t.surface === 'been' || (t.pos === 'VERB' && (t.lemma !== t.surface || SAME_PAST.has(t.surface))))
}

/**
 * A demand put as a question or a truism names what they did not do: "How hard is it to show up on time?", "It's not
 * that hard to keep me updated", "Is it too much to ask to clean up?", "Would it kill them to call back?", "Isn't it
 * just good business to clean it up?". Where what was not done starts (after the frame's "to" or "for"), or -1.
 */
const DEMANDS =
  /^(?:how (?:hard|difficult) (?:is|was|can) it (?:be )?|it (?:is|'s|was) not (?:that |so )?(?:hard|difficult) |is it (?:too much|so hard|that hard|so difficult) (?:to ask )?|would it kill (?:them|him|her|you) |(?:is|was) n't it (?:just )?(?:good business|common courtesy|basic courtesy) )(?:to|for) $/
/** What the customer does, not the business: "how hard is it to find a good plumber", "not hard to see why". */
const ASKED_OF_NOBODY = new Set([
  'find',
  'see',
  'understand',
  'imagine',
  'believe',
  'know',
  'tell',
  'choose',
  'pick',
  'recommend',
  'say',
  'love',
  'like',
])
function demandAt(tokens: Token[], m: number): Wish | undefined {
  // The sentence's first word keeps its capital.
  const word = (k: number) => tokens[k]!.surface.toLowerCase()
  if (!['how', 'it', 'is', 'was', 'would'].includes(word(m))) return undefined
  let said = ''
  for (let k = m; k < Math.min(tokens.length, m + 9); k++) {
    said += `${word(k)} `
    if (['to', 'for'].includes(word(k)) && DEMANDS.test(said))
      return ASKED_OF_NOBODY.has(tokens[k + 1]?.lemma ?? '') ? undefined : { from: k + 1, frame: m }
  }
  return undefined
}

/** "A simple phone call would have been nice", "an apology would have been appreciated": what was missing, named before. */
function missedBefore(tokens: Token[], m: number): Wish | undefined {
  if (!['would', "'d"].includes(tokens[m]!.surface) || tokens[m + 1]?.lemma !== 'have' || tokens[m + 2]?.lemma !== 'be') return undefined
  const nice = m + 3
  if (!WISHED.has(tokens[nice]?.lemma ?? '') || !['.', '!', undefined].includes(tokens[nice + 1]?.surface)) return undefined
  return { from: 0, nice, before: true }
}

export function wishesForBetter({ tokens, hits }: Clause): void {
  for (let m = 0; m < tokens.length; m++) {
    const wish = wishAt(tokens, m) ?? regretAt(tokens, m) ?? demandAt(tokens, m) ?? missedBefore(tokens, m)
    if (!wish) continue
    const until = wish.before ? m : wish.from + 6
    for (const h of hits) {
      if ((wish.nice !== undefined && h.start === wish.nice) || (wish.frame !== undefined && h.start >= wish.frame && h.start < wish.from))
        h.score = 0
      else if (h.start < wish.from || h.start > until || h.negated || h.job) continue
      // A fixed phrase keeps its sense, unless the wish's comparative is its own first word ("a better job" read as "good job")
      // or it is what a demand wants ("is it too much to ask to clean up after yourself?").
      else if (h.score > 0 && (!h.entry.fixed || tokens[h.start]!.surface === 'better' || wish.frame !== undefined))
        h.score = -h.score * 0.8
      // What was wished for or demanded names an aspect and no feeling ("a simple phone call would have been nice",
      // "is it so hard to answer an email?"): it was missing. Not after a comparative ("it could be cheaper to ...").
      else if (h.score === 0 && h.entry.sentiment === 0 && h.entry.aspects.length && (wish.frame !== undefined || wish.nice !== undefined))
        h.score = -0.5
    }
  }
}
