/**
 * A second opinion that proved this business wrong (auto and appliance repair): "they told me I needed a $900 repair
 * when, after getting a second opinion, it was completely wrong", "the second opinion said the part was not broken at
 * all", "I got a second opinion and nothing was wrong". The diagnosis sold was not honest or not competent:
 * professionalism (LABELLING.md: honesty in selling, the competence of the people).
 * - The customer got the second opinion elsewhere: not "I came to them for a second opinion", where this business is
 *   the second, and what it found is its own reading.
 * - The second opinion must disagree in the sentence: wrong, unnecessary, not needed, not broken, nothing wrong, fine.
 * The mark sits on "opinion", outside the other company's scope that the disagreement usually stands in.
 */
import { type Token, timeEntry } from './types'

const DISAGREEING = new Set(['wrong', 'unnecessary', 'unneeded', 'needless', 'scam', 'fine', 'ripoff'])
/** "not broken", "didn't need", "not necessary": a denial of the fault or the need. */
const DENIABLE = new Set(['broken', 'broke', 'need', 'necessary', 'needed', 'required'])
/** Asking them for it: this business is the second opinion. */
const ASKING = new Set(['for', 'as'])

export function secondOpinion(tokens: Token[]): void {
  for (let k = 1; k < tokens.length; k++) {
    if (tokens[k]!.lemma !== 'opinion' || tokens[k - 1]!.surface !== 'second' || tokens[k]!.extra) continue
    if (ASKING.has(tokens[k - 3]?.surface ?? '') || ASKING.has(tokens[k - 2]?.surface ?? '')) continue
    const disagrees = tokens.some(
      (t, j) =>
        DISAGREEING.has(t.surface) ||
        (DENIABLE.has(t.surface) || DENIABLE.has(t.lemma)
          ? tokens.slice(Math.max(0, j - 3), j).some((x) => ['not', "n't", 'nt', 'never', 'no'].includes(x.surface))
          : false),
    )
    if (disagrees) tokens[k]!.extra = timeEntry('proved wrong by a second opinion', -0.7, 'professionalism')
  }
}
