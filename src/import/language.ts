/**
 * The language of a review: the tag its source gives, checked and canonicalised, or else detected
 * from the text by eld (see README, "Languages": chosen over franc-min and tinyld for accuracy on
 * short review texts). A text too short or too mixed to tell gets null, never a guess.
 */
import type { eld as Eld } from 'eld/small'
import { quote } from './errors'
// eld's public entry points parse their 1.6 MB of n-grams at startup, which made every command of the
// compiled binary ~170 ms slower. Its detector core is bundled; the n-grams are embedded as a file and
// loaded on the first import that needs them. (eld ships types for its entry points only.)
// @ts-expect-error no declaration file for eld's internal module
import { createEld } from '../../node_modules/eld/src/languageDetector.js'
// @ts-expect-error no declaration file for eld's internal module
import SMALL_NGRAMS from '../../node_modules/eld/src/ngrams/small.js' with { type: 'file' }

type Detector = Pick<typeof Eld, 'detect'>
let detector: Detector | undefined

/** Loads eld's "small" n-grams once; detectLanguage needs it done. */
export async function loadLanguageDetector(): Promise<void> {
  if (detector) return
  const { ngramsData } = (await import(SMALL_NGRAMS as string)) as { ngramsData: unknown }
  const { instance, loadData } = createEld() as { instance: Detector; loadData: (data: unknown) => boolean }
  if (!loadData(ngramsData)) throw new Error('the language detector’s data did not load')
  detector = instance
}

const URL_OR_EMAIL = /\b(?:https?:\/\/|www\.)\S+|\S+@\S+\.\S+/gi
const MIN_LETTERS = 3

/** ISO 639-1 code of the text's language, or null when the detector is not confident. */
export function detectLanguage(text: string): string | null {
  const prose = text.replace(URL_OR_EMAIL, ' ')
  if ((prose.match(/\p{L}/gu)?.length ?? 0) < MIN_LETTERS) return null
  if (!detector) throw new Error('loadLanguageDetector() must finish before detectLanguage()')
  const result = detector.detect(prose)
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
