/**
 * A connection that fails, stated as a fact (internet, cable and phone providers; an apartment's wifi): "the internet
 * goes out every night", "constant disconnection", "the slowest speeds I've seen", "there is basically no signal".
 * The connection is what the business sells, so how it holds up is quality, and how fast it is is the connection's
 * quality too, not the service's speed ("the internet is so slow" is no slow technician).
 * - A connection word (internet, wifi, signal, speeds, ...) within six words of a failure word (slow, drops,
 *   disconnects, outage, spotty, unusable, goes out or down), or "no" right before it ("no signal").
 * - Praise the same way: "fast", "reliable", "stable" said of it. A failure denied ("it never drops", "no outages")
 *   is praise, praise denied ("not fast") a complaint.
 * - Not a phone call: "the call dropped", "disconnected after half an hour on hold" stay communication; nor a time
 *   without it ("no internet for three weeks" is how long the setup took: speed).
 * - Not a fault cured ("the tech fixed our wifi that kept dropping out", unless it is still there or back), beside a
 *   storm, a power cut or an "if", an earlier or a neighbour's provider, a habit of the past ("used to keep
 *   dropping"), the trouble with help coming ("an engineer was out on the Sunday"), the customer's own equipment, nor
 *   a word said of someone else ("slow to respond", "a dead tree on the cable line", "I lost the wifi password").
 * The mark sits on the failure word, with the word's own reading set aside, so another company's scope still leaves it out.
 */
import { UNITS } from './durations'
import { type Token, timeEntry } from './types'
import { FIRST_PERSON, NOT_OR_NEVER } from './words'

const CONNECTIONS = new Set([
  'internet',
  'connection',
  'connectivity',
  'wifi',
  'wi-fi',
  'signal',
  'broadband',
  'dsl',
  'bandwidth',
  'speeds',
  'mbps',
  'coverage',
  'network',
  'modem',
  'router',
  'streaming',
  'download',
  'upload',
  'ping',
  'fibre',
  'fiber',
  'landline',
  'tv',
  'channel',
  'channels',
  'cable',
])
const FAILING = new Set([
  'slow',
  'slowly',
  'slower',
  'slowest',
  'sluggish',
  'laggy',
  'drop',
  'disconnect',
  'disconnection',
  'disconnected',
  'outage',
  'outages',
  'spotty',
  'intermittent',
  'unreliable',
  'unusable',
  'unstable',
  'dead',
  'lose',
  'buffer',
  'buffering',
  'freeze',
  'pixelate',
  'reboot',
  'crackle',
  'unplayable',
  'nonexistent',
  // Plain blame said of the connection: "crappy internet", "the speeds have gotten worse".
  'bad',
  'poor',
  'terrible',
  'horrible',
  'awful',
  'crappy',
  'crap',
  'shitty',
  'lousy',
  'worse',
  'worst',
])
const HOLDING = new Set(['fast', 'faster', 'fastest', 'quick', 'reliable', 'stable', 'solid', 'dependable', 'good', 'great', 'excellent'])
/** Someone of the business, nearer the word than the connection: "the technician was slow" is the technician. */
const PEOPLE = new Set([
  'he',
  'she',
  'they',
  'technician',
  'tech',
  'guy',
  'staff',
  'support',
  'service',
  'installer',
  'rep',
  'agent',
  'customer',
  'company',
  'provider',
  'isp',
  'landlord',
  'management',
  'office',
  'engineer',
])
/** Plain blame, said of people as often as of the connection: left to them where one of the business is near. */
const BLAME = new Set(['bad', 'poor', 'terrible', 'horrible', 'awful', 'crappy', 'crap', 'shitty', 'lousy', 'worse', 'worst'])
/** A fault cured: "the tech fixed our wifi that kept dropping out", "the bad cable was replaced". */
const CURING = new Set(['fix', 'repair', 'replace', 'swap', 'upgrade', 'reset', 'sort', 'resolve'])
/** What the failure stood beside rather than the connection's: a storm, a power cut, an "if". */
const BESIDE = new Set(['storm', 'power', 'if', 'switch', 'previous', 'former'])
/** Words of a failure that may qualify another noun: "a dead tree on the cable line", "a slow leak behind the TV". */
const ADJECTIVAL = new Set(['dead', 'slow', 'freeze', 'bad', 'poor'])
/** A phone call, not a connection: what drops or disconnects then is the caller. */
const CALLS = new Set(['call', 'hold', 'hang', 'transfer', 'representative', 'rep', 'operator'])
const SENTENCE_END = new Set(['.', '!', '?', ';', 'but', 'however', 'although', 'though', 'while'])
const WINDOW = 6

/** Not a car's "signal lights" or "turn signal". */
function isConnection(tokens: Token[], k: number): boolean {
  const t = tokens[k]!
  return (
    (CONNECTIONS.has(t.surface) || CONNECTIONS.has(t.lemma) || /^\d*(mb|kb)(ps|\/s)$/.test(t.surface)) &&
    !(t.lemma === 'signal' && (tokens[k - 1]?.surface === 'turn' || /^light/.test(tokens[k + 1]?.surface ?? '')))
  )
}
const isFailing = (t: Token) => FAILING.has(t.surface) || FAILING.has(t.lemma) || /^slo{3,}w/.test(t.surface)
/** "Constant disconnection": a connection's failure by its very name. */
const selfNamed = (t: Token) => t.lemma === 'disconnection' || t.surface === 'disconnections'

/** "goes out", "went down", "is down": the connection gone for a while. */
const goneAt = (tokens: Token[], k: number) =>
  (tokens[k]!.lemma === 'go' && ['out', 'down'].includes(tokens[k + 1]?.surface ?? '')) ||
  (tokens[k]!.lemma === 'be' && tokens[k + 1]?.surface === 'down')

/** The indices of k's sentence within WINDOW words of it. */
function around(tokens: Token[], k: number): number[] {
  let from = k
  while (from > 0 && k - from < WINDOW && !SENTENCE_END.has(tokens[from - 1]!.surface)) from--
  let to = k + 1
  while (to < tokens.length && to - k <= WINDOW && !SENTENCE_END.has(tokens[to]!.surface)) to++
  return Array.from({ length: to - from }, (_, j) => from + j)
}

/** How far from k the nearest word that passes the test stands (within the window). */
const distanceTo = (tokens: Token[], k: number, test: (j: number) => boolean) =>
  Math.min(...around(tokens, k).map((j) => (test(j) ? Math.abs(j - k) : Number.POSITIVE_INFINITY)))

/** The connection is what the word at k is said of: no person of the business stands nearer to it. */
const saidOfConnection = (tokens: Token[], k: number) =>
  distanceTo(tokens, k, (j) => isConnection(tokens, j)) <
  distanceTo(tokens, k, (j) => PEOPLE.has(tokens[j]!.surface) || PEOPLE.has(tokens[j]!.lemma))

/** Someone else's connection: "my neighbours on the other provider lose connection every night". */
const othersBefore = (tokens: Token[], k: number) =>
  tokens
    .slice(0, k)
    .some(
      (t, j) =>
        ['neighbour', 'neighbor', 'neighbours', 'neighbors'].includes(t.surface) ||
        (['other', 'old', 'last', 'previous', 'former'].includes(t.surface) &&
          ['provider', 'providers', 'company', 'isp', 'carrier'].includes(tokens[j + 1]?.surface ?? '')),
    )

/** Denials written without an apostrophe, which the tokenizer leaves whole: "it hasnt dropped once". */
const UNSPLIT_DENIALS = new Set(['hasnt', 'havent', 'hadnt', 'isnt', 'wasnt', 'werent', 'doesnt', 'dont', 'didnt', 'wont', 'cant'])

/** Denied just before k: "never drops", "hasn't gone out", "not fast", "no outages" (not "not only slowed down"). */
function deniedAt(tokens: Token[], k: number): boolean {
  for (let j = k - 1; j >= Math.max(0, k - 3); j--) {
    const w = tokens[j]!.surface
    if ((NOT_OR_NEVER.has(w) && tokens[j + 1]?.surface !== 'only') || w === 'no' || UNSPLIT_DENIALS.has(w)) return true
    if (SENTENCE_END.has(w) || w === ',') return false
  }
  return false
}

/** A span of time after k ("no internet for three weeks"): how long the setup or repair took, not the connection. */
const spanAfter = (tokens: Token[], k: number) => tokens.slice(k + 1, k + 6).some((x) => UNITS[x.surface] !== undefined)

/** Someone of the business came: "an engineer was out on the Sunday", "the tech came the next morning". */
const helpCame = (tokens: Token[]) =>
  tokens.some(
    (t, k) =>
      ['engineer', 'tech', 'technician', 'installer', 'repairman'].includes(t.lemma) &&
      tokens
        .slice(k + 1, k + 4)
        .some((x, j, after) => ['come', 'arrive', 'show'].includes(x.lemma) || (x.lemma === 'be' && after[j + 1]?.surface === 'out')),
  )

/** "not their fault": the outage is no failing of theirs. */
const notTheirFault = (tokens: Token[]) =>
  tokens.some(
    (t, k) =>
      t.surface === 'fault' &&
      ['their', 'his', 'her'].includes(tokens[k - 1]?.surface ?? '') &&
      tokens.slice(Math.max(0, k - 4), k).some((x) => NOT_OR_NEVER.has(x.surface)),
  )
/** "great channels and fast internet for the price": value, which the lexicon reads. */
const forTheMoney = (tokens: Token[]) =>
  tokens.some(
    (t, k) => t.surface === 'for' && tokens[k + 1]?.surface === 'the' && ['price', 'money'].includes(tokens[k + 2]?.surface ?? ''),
  )
/** "No cable was left lying around": cable as clutter, tidiness (not a missing service). */
const TIDY = new Set(['cable', 'tv', 'channel'])
/**
 * The failure word at k belongs to something else: it qualifies another noun ("a dead tree on the cable line", "the slow
 * leak behind the TV"), it is said of someone of the business ("slow to respond", "terrible at answering"), the customer
 * lost their own thing ("I lost the wifi password"), advice ("reboot the router and it will work") or a bill that dropped.
 */
function beside(tokens: Token[], k: number, near: number[]): boolean {
  const t = tokens[k]!
  const next = tokens[k + 1]
  if (ADJECTIVAL.has(t.lemma) && next?.pos === 'NOUN' && !isConnection(tokens, k + 1)) return true
  if (['slow', 'slower', 'bad', 'terrible', 'horrible', 'awful'].includes(t.surface) && ['to', 'at'].includes(next?.surface ?? ''))
    return true
  if (BLAME.has(t.surface) && near.some((j) => PEOPLE.has(tokens[j]!.surface) || PEOPLE.has(tokens[j]!.lemma))) return true
  if (t.lemma === 'lose' && tokens.slice(Math.max(0, k - 3), k).some((x) => FIRST_PERSON.has(x.surface))) return true
  if (t.lemma === 'reboot' && (k === 0 || tokens[k - 1]!.pos === 'PUNCT')) return true
  return t.lemma === 'drop' && tokens.slice(k + 1, k + 4).some((x) => ['bill', 'price', 'rate', '$'].includes(x.lemma))
}

function mark(t: Token, phrase: string, sentiment: number): void {
  t.extra = timeEntry(phrase, sentiment, 'quality')
  t.masked = true
}

/** Marks a connection's failures and praise (a sentence rule: runs before the sentence is split). */
export function connectionFailures(tokens: Token[]): void {
  if (!tokens.some((t, k) => isConnection(tokens, k) || selfNamed(t))) return
  // "down to my own ancient laptop, nothing to do with them": the customer's own equipment.
  if (
    tokens.some(
      (t, k) => (t.surface === 'own' && tokens[k - 1]?.surface === 'my') || (t.surface === 'nothing' && tokens[k + 2]?.surface === 'do'),
    )
  )
    return
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!
    if (t.extra) continue
    const near = around(tokens, k)
    if (near.some((j) => CALLS.has(tokens[j]!.lemma))) continue
    if (selfNamed(t)) {
      mark(t, 'connection fails', -0.7)
      continue
    }
    if (!near.some((j) => isConnection(tokens, j)) || !saidOfConnection(tokens, k) || othersBefore(tokens, k)) continue
    // A fault cured ("fixed our wifi that kept dropping", unless it is "still" or "again" there), or beside a storm, a
    // power cut, an "if", a switch from another provider.
    const cured = near.some((j) => CURING.has(tokens[j]!.lemma) && tokens[j]!.pos === 'VERB')
    const recurring = near.some((j) => ['still', 'again'].includes(tokens[j]!.surface))
    if ((cured && !recurring) || near.some((j) => BESIDE.has(tokens[j]!.lemma))) continue
    // "used to keep disconnecting": a habit of the past, the trouble before the job; "went down on a Saturday and an
    // engineer was out on the Sunday": the trouble, and help coming.
    if (tokens.slice(Math.max(0, k - 4), k).some((x, j, all) => x.surface === 'used' && all[j + 1]?.surface === 'to')) continue
    if (helpCame(tokens)) continue
    if (notTheirFault(tokens)) continue
    const denied = deniedAt(tokens, k)
    // Not "to make things worse", nor the company cutting the line as asked ("to disconnect our phones and internet").
    const aside = ['things', 'matters', 'to'].includes(tokens[k - 1]?.surface ?? '')
    if ((isFailing(t) && !aside && !beside(tokens, k, near)) || goneAt(tokens, k)) {
      mark(t, denied ? 'connection holds' : 'connection fails', denied ? 0.5 : -0.7)
    } else if (HOLDING.has(t.surface) && !forTheMoney(tokens)) {
      mark(t, denied ? 'connection fails' : 'connection holds', denied ? -0.5 : 0.6)
    } else if (isConnection(tokens, k) && tokens[k - 1]?.surface === 'no' && !spanAfter(tokens, k) && !TIDY.has(t.lemma)) {
      // "There is basically no signal", "no internet during the day" (not "no problems with the internet").
      mark(t, 'no connection', -0.7)
    }
  }
}
