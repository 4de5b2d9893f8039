/**
 * A second opinion that proved this business wrong (auto and appliance repair): "they told me I needed a $900 repair
 * when, after getting a second opinion, it was completely wrong", "the second opinion said the part was not broken at
 * all", "I got a second opinion and nothing was wrong". The diagnosis sold was not honest or not competent:
 * professionalism (LABELLING.md: honesty in selling, the competence of the people).
 * - The customer got the second opinion elsewhere: not "I came to them for a second opinion", "their second opinion",
 *   "they gave me a second opinion" (this business is the second), nor "I didn't need a second opinion".
 * - It disagrees after it: wrong, unnecessary, not needed, not broken, nothing wrong, fine; not where the opinion itself
 *   was wrong ("the second opinion was wrong and these guys were right"), nor "fine with them", nor in a question.
 * The mark sits on "opinion", outside the other company's scope that the disagreement usually stands in.
 */
import { type Token, timeEntry } from './types'
import { isQuestion, NOT_OR_NEVER } from './words'

const DISAGREEING = new Set(['wrong', 'unnecessary', 'unneeded', 'needless', 'scam', 'fine', 'ripoff'])
/** "not broken", "didn't need", "not necessary": a denial of the fault or the need. */
const DENIABLE = new Set(['broken', 'broke', 'need', 'necessary', 'needed', 'required'])
/** Asking them for it: this business is the second opinion. */
const ASKING = new Set(['for', 'as'])
/** Them giving it, or the customer not needing one: "they gave me a second opinion", "you won't need a second opinion". */
const GIVING = new Set(['give', 'provide', 'offer', 'need', 'encourage', 'suggest', 'recommend'])

export function secondOpinion(tokens: Token[]): void {
  // A question asks ("is it wrong to get a second opinion?").
  if (isQuestion(tokens)) return
  for (let k = 1; k < tokens.length; k++) {
    if (tokens[k]!.lemma !== 'opinion' || tokens[k - 1]!.surface !== 'second' || tokens[k]!.extra) continue
    const before = tokens.slice(Math.max(0, k - 4), k - 1)
    // Asking them for it, them giving it ("their second opinion", "gave me a second opinion"), or not needing one.
    if (before.some((x) => ASKING.has(x.surface) || GIVING.has(x.lemma) || x.surface === 'their')) continue
    // The disagreement comes after the opinion, and is not the opinion's own fault ("the second opinion was wrong").
    const after = tokens.slice(k + 1)
    const ownFault = ['be', 'turn'].includes(after[0]?.lemma ?? '') && DISAGREEING.has(after[1]?.surface ?? after[2]?.surface ?? '')
    const disagrees = after.some(
      (t, j) =>
        (DISAGREEING.has(t.surface) && !['with', 'by'].includes(after[j + 1]?.surface ?? '')) ||
        ((DENIABLE.has(t.surface) || DENIABLE.has(t.lemma)) &&
          after.slice(Math.max(0, j - 3), j).some((x) => NOT_OR_NEVER.has(x.surface) || x.surface === 'no')),
    )
    if (disagrees && !ownFault) tokens[k]!.extra = timeEntry('proved wrong by a second opinion', -0.7, 'professionalism')
  }
}
