/** The business's own service names ("drain cleaning", "water heater") are what a review is about, not opinions: masked. */
import type { Token } from './types'

/** Marks the business's own service names, so "drain cleaning" or "water heater" cue no aspect. */
export const maskIndexes = new WeakMap<string[][], Map<string, string[][]>>()
export function maskPhrases(tokens: Token[], phrases: string[][]): void {
  let index = maskIndexes.get(phrases)
  if (!index) {
    index = new Map()
    for (const words of phrases) index.set(words[0]!, [...(index.get(words[0]!) ?? []), words])
    maskIndexes.set(phrases, index)
  }
  for (let i = 0; i < tokens.length; i++) {
    const bySurface = index.get(tokens[i]!.surface)
    const byLemma = tokens[i]!.lemma !== tokens[i]!.surface ? index.get(tokens[i]!.lemma) : undefined
    if (!bySurface && !byLemma) continue
    for (const words of [...(bySurface ?? []), ...(byLemma ?? [])]) {
      // Hyphens and slashes are tokens of their own ("tune - up", "a / c"): matched past.
      let k = 0
      let j = i
      while (k < words.length && j < tokens.length) {
        const t = tokens[j]!
        if ((t.surface === '-' || t.surface === '/') && k > 0) {
          j++
          continue
        }
        if (t.surface !== words[k] && t.lemma !== words[k]) break
        k++
        j++
      }
      if (k === words.length) for (let m = i; m < j; m++) tokens[m]!.masked = true
    }
  }
}
