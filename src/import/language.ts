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
/**
 * Only the start of a text is read: the language is plain by then, and eld's time grows with the square
 * of a word's length (one 50,000-letter "word" took 3.3 s; any text is now read in a few ms).
 */
export const DETECTION_PREFIX = 1000

/** ISO 639-1 code of the text's language, or null when the detector is not confident. */
export function detectLanguage(text: string): string | null {
  let start = text.length > DETECTION_PREFIX ? text.slice(0, DETECTION_PREFIX) : text
  if (/[\uD800-\uDBFF]$/.test(start)) start = start.slice(0, -1) // not half of a character
  const prose = start.replace(URL_OR_EMAIL, ' ')
  if ((prose.match(/\p{L}/gu)?.length ?? 0) < MIN_LETTERS) return null
  if (!detector) throw new Error('loadLanguageDetector() must finish before detectLanguage()')
  const result = detector.detect(prose)
  if (!result.language || !result.isReliable()) return null
  return result.language === 'da' || result.language === 'no' ? danishOrNorwegian(prose, result.language) : result.language
}

/**
 * Danish and Norwegian (Bokmål) share most words, and eld's n-grams tag short Norwegian texts Danish
 * (3 of our 18 Norwegian samples; 15 of 23 "da" reviews of a real Oslo export). Where they differ in
 * spelling, the words decide: "hva, hjelp, ikkje, mye, etter, av" are Norwegian, "hvad, hjælp, meget,
 * efter, af" Danish. A text with as many of each keeps eld's answer. Norwegian is tagged `nb`, the
 * written standard of nearly all Norwegian reviews (Nynorsk is not told apart).
 */
function danishOrNorwegian(text: string, guess: 'da' | 'no'): 'da' | 'nb' {
  let score = 0
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    // -sjon is Norwegian where Danish writes -tion (installasjon, installation).
    if (NORWEGIAN_ONLY.has(word) || word.includes('sjon')) score++
    else if (DANISH_ONLY.has(word) || word.includes('tion')) score--
  }
  return score > 0 ? 'nb' : score < 0 ? 'da' : guess === 'no' ? 'nb' : 'da'
}

// Spellings one language uses and the other does not (Norwegian "arbeid", Danish "arbejde").
const NORWEGIAN_ONLY = new Set(
  (
    'hva meg deg seg dere av nå enn etter tilbake uten ut ute utført hjelp hjelpe hjelpsom hjelpsomme arbeid arbeidet ' +
    'mye veldig bra takk fikk gikk hadde ble blitt noe noen sånn fornøyd fornøyde kjempe kjempefornøyd kjempebra ' +
    'dyktig dyktige igjen gjøre vært kjøkken kjøkkenet rørlegger rørleggeren raskt svarte forklarte ordnet fikset ' +
    'oppmøte ikkje riktig kjapt kjapp beskjed vår vårt våre litt visste'
  ).split(' '),
)
const DANISH_ONLY = new Set(
  (
    'hvad mig dig sig jer af nu end efter tilbage uden ud ude udført hjælp hjælpe hjælpsom hjælpsomme arbejde arbejdet ' +
    'meget fik gik havde blev blevet noget nogen sådan dygtig dygtige igen gøre været køkken køkkenet blikkenslager ' +
    'hurtigt svarede forklarede ordnede fremmøde rigtig rigtigt tak besked vores lidt vidste'
  ).split(' '),
)

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
