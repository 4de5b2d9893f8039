/**
 * The language of a review: the tag its source gives, checked and canonicalised, or else detected
 * from the text by eld (see README, "Languages": chosen over franc-min and tinyld for accuracy on
 * short review texts). A text too short or too mixed to tell gets null, never a guess.
 */
import { eld } from 'eld/small'
import { quote } from './errors'

// eld's n-grams (~1.6 MB) load with this module: only the import command reaches it (src/cli loads
// src/import lazily), so serve and mcp never pay for them.
const URL_OR_EMAIL = /\b(?:https?:\/\/|www\.)\S+|\S+@\S+\.\S+/gi
const MIN_LETTERS = 3

/** ISO 639-1 code of the text's language, or null when the detector is not confident. */
export function detectLanguage(text: string): string | null {
  const prose = text.replace(URL_OR_EMAIL, ' ')
  if ((prose.match(/\p{L}/gu)?.length ?? 0) < MIN_LETTERS) return null
  const result = eld.detect(prose)
  return result.language && result.isReliable() ? result.language : null
}

/** A BCP 47 tag as a source writes it ("de_DE", "EN", "pt-br") in canonical form, or a reason. */
export function canonicalLanguageTag(value: unknown): { tag: string } | { reason: string } {
  if (typeof value !== 'string') return { reason: 'must be a BCP 47 language tag such as "en" or "pt-BR"' }
  const given = value.trim().replaceAll('_', '-')
  try {
    const [tag] = Intl.getCanonicalLocales(given)
    if (tag && /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/.test(tag)) return { tag }
  } catch {
    // Falls through to the reason below.
  }
  return { reason: `${quote(value)} is not a BCP 47 language tag such as "en" or "pt-BR"` }
}
