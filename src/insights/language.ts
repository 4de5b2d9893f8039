/**
 * Which text of a review the analyser may read: only English is read as English. A review's own text
 * when its language is English, else the English translation its source supplied, else nothing (the
 * review is counted under its language and left out of the aspect figures). A review whose language
 * is unknown (null or absent) is read when its function words are English rather than those of the
 * languages reviews here come in: a deliberately small check, not a language identifier.
 */
import type { Review } from '../reviews/schema'
import { languageKey } from '../reviews/search-index'

/** Review with the multilingual fields of CONTRACT.md (optional until every source sets them). */
/** Reviews carry language and translation (CONTRACT.md); records from before them read as unknown. */
export type LocalizedReview = Omit<Review, 'language' | 'translation'> & Partial<Pick<Review, 'language' | 'translation'>>

export type ReadableText = { language: string; text: string | null; translated: boolean }

const FUNCTION_WORDS: Record<string, Set<string>> = {
  en: new Set([
    'the',
    'and',
    'was',
    'were',
    'is',
    'they',
    'we',
    'with',
    'to',
    'of',
    'it',
    'my',
    'our',
    'very',
    'for',
    'on',
    'that',
    'this',
    'he',
    'she',
    'not',
    'but',
    'great',
    'would',
    'again',
    'them',
    'came',
  ]),
  de: new Set([
    'der',
    'die',
    'das',
    'und',
    'ist',
    'war',
    'wir',
    'sehr',
    'nicht',
    'mit',
    'ein',
    'eine',
    'auf',
    'für',
    'zu',
    'den',
    'dem',
    'es',
    'ich',
    'sie',
    'auch',
    'gerne',
    'wieder',
    'uns',
    'hat',
    'wurde',
  ]),
  es: new Set([
    'el',
    'la',
    'los',
    'las',
    'y',
    'es',
    'muy',
    'con',
    'por',
    'para',
    'que',
    'una',
    'un',
    'fue',
    'pero',
    'nos',
    'lo',
    'del',
    'se',
    'su',
  ]),
  fr: new Set([
    'le',
    'la',
    'les',
    'et',
    'est',
    'très',
    'avec',
    'pour',
    'une',
    'un',
    'que',
    'nous',
    'pas',
    'il',
    'elle',
    'du',
    'des',
    'mais',
    'été',
    'sur',
  ]),
  nl: new Set([
    'de',
    'het',
    'een',
    'en',
    'is',
    'was',
    'zeer',
    'heel',
    'met',
    'voor',
    'niet',
    'wij',
    'ze',
    'van',
    'op',
    'goed',
    'ook',
    'maar',
  ]),
  it: new Set(['il', 'lo', 'la', 'gli', 'le', 'e', 'è', 'molto', 'con', 'per', 'che', 'una', 'un', 'non', 'ma', 'sono', 'del', 'della']),
  pt: new Set(['o', 'a', 'os', 'as', 'e', 'é', 'muito', 'com', 'para', 'que', 'uma', 'um', 'não', 'mas', 'foi', 'do', 'da']),
}

/** Function word -> the languages it belongs to. */
const LANGUAGES_OF = new Map<string, string[]>()
for (const [language, set] of Object.entries(FUNCTION_WORDS))
  for (const w of set) LANGUAGES_OF.set(w, [...(LANGUAGES_OF.get(w) ?? []), language])

/** The primary language subtag, lower case ("de-AT" is "de"). */
export const primaryTag = (tag: string) => tag.trim().split(/[-_]/)[0]!.toLowerCase()

/** Best guess from function words; "und" (undetermined) when nothing stands out. */
export function guessLanguage(text: string): string {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? []
  const hits = new Map<string, number>()
  for (const w of words) for (const language of LANGUAGES_OF.get(w) ?? []) hits.set(language, (hits.get(language) ?? 0) + 1)
  let best = 'und'
  let bestHits = 0
  // In the table's order, so a tie goes to English.
  for (const language of Object.keys(FUNCTION_WORDS)) {
    const n = hits.get(language) ?? 0
    if (n > bestHits) {
      best = language
      bestHits = n
    }
  }
  // A few words with no function word at all ("Top!", "Five stars") are read as English, as before.
  if (bestHits === 0) return words.length <= 4 ? 'en' : 'und'
  return best
}

export function readableText(review: LocalizedReview): ReadableText {
  const language = review.language ? primaryTag(review.language) : guessLanguage(review.text)
  // A rating without text (a blank string) has nothing to read, whatever its language.
  if (language === 'en')
    return review.text.trim() ? { language, text: review.text, translated: false } : { language, text: null, translated: false }
  const translation = review.translation
  // A translation whose language the source did not name is judged by its own words.
  const translatedTo = translation ? (translation.language ? primaryTag(translation.language) : guessLanguage(translation.text)) : null
  if (translation && translatedTo === 'en' && translation.text.trim()) return { language, text: translation.text, translated: true }
  return { language, text: null, translated: false }
}

/**
 * The key a review is counted under in insights' `languages.counts`: its stored language, as the search's
 * `language` filter keys it (so each count equals that search's total); null when none is stored.
 */
export const storedLanguage = (review: LocalizedReview): string | null => (review.language ? languageKey(review.language) : null)

/** Whether a review has text at all (a star rating alone has a blank one). */
export const hasText = (review: LocalizedReview): boolean => review.text.trim() !== ''
