/**
 * A question asking what is normal or what to do states no opinion: "Is a $99 diagnostic fee normal for HVAC around
 * here?", "Is it normal for a bathroom remodel to take six weeks?", "What should I do if the grout cracks again?",
 * "Would they have charged extra on a Sunday?". Its cues are set to no feeling, except an emphatic one (a score of
 * 0.85 or more: "Is it normal to be this rude to customers?"); so a milder rhetorical question of that shape ("Is it
 * normal to wait three weeks for a callback?") is lost with it. Other questions are read as they are ("Why did nobody
 * tell us?" complains).
 */
import type { Clause, Token } from './types'
import { isQuestion } from './words'

/** A cue this strong is meant, question or not. */
const STRONG = 0.85
const NORMS = new Set(['normal', 'usual', 'typical', 'standard', 'common', 'customary'])
/** Openings that ask for advice or about what might have been: "should I", "what should we", "would they have". */
const asksAdvice = (tokens: readonly Token[]) => {
  const [first, second, third] = tokens.map((t) => t.surface)
  return (
    (first === 'should' && ['i', 'we'].includes(second ?? '')) ||
    (first === 'what' && second === 'should') ||
    ((first === 'does' || first === 'do') && ['anyone', 'anybody', 'you'].includes(second ?? '') && third !== 'think') ||
    (first === 'anyone' && second === 'know') ||
    ((first === 'would' || first === 'will') && ['they', 'he', 'she'].includes(second ?? ''))
  )
}

export function questionsAsked({ tokens, hits }: Clause): void {
  if (!isQuestion(tokens)) return
  const words = tokens.filter((t) => t.pos !== 'PUNCT')
  if (!words.length) return
  const isAux = ['be', 'do', 'have'].includes(words[0]!.lemma)
  if (!(isAux && words.some((t) => NORMS.has(t.surface))) && !asksAdvice(words)) return
  // An emphatic word still complains: "Is it normal to be this rude to customers?"
  for (const h of hits) if (Math.abs(h.score) < STRONG) h.score = 0
}
