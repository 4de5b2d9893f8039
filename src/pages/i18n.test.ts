/**
 * The strings tables: every shipped language has every key, the same placeholders and every plural
 * form its grammar needs, and nothing is left in English outside the few words those languages share.
 */
import { describe, expect, test } from 'bun:test'
import { EMBED_LANGS } from './embed'
import { localeFor, MESSAGES, PAGE_LANGUAGES, pageLanguage, type Plural } from './i18n'

const en = MESSAGES.en as Record<string, string | Plural>
const forms = (entry: string | Plural): Record<string, string> => (typeof entry === 'string' ? { text: entry } : { ...entry })
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

/** Entries that are the same word in that language as in English (checked by hand, not proper names). */
const SAME_WORD: Record<string, string[]> = {
  navLabel: ['fr', 'nl', 'pt'], // "Site"
  via: ['fr', 'nl', 'pt', 'sv', 'da', 'nb'],
  pageN: ['fr'], // "page 2"
  mentions: ['fr'], // "3 mentions"
  neutral: ['de'],
  positive: ['it', 'da', 'nb'],
  negative: ['it', 'da', 'nb'],
  website: ['nl'],
}
/** English words that have no business in another language's table. */
const ENGLISH = /\b(the|reviews?|rated|customers?|verified|with|show|read|from|about|stars?)\b/i

describe('the strings tables', () => {
  test('ship the eleven languages, the same list the business file and the widget accept', () => {
    expect(Object.keys(MESSAGES).sort()).toEqual([...PAGE_LANGUAGES].sort())
    expect([...PAGE_LANGUAGES].sort()).toEqual(['da', 'de', 'en', 'es', 'fr', 'it', 'nb', 'nl', 'pl', 'pt', 'sv'])
    expect([...EMBED_LANGS]).toEqual([...PAGE_LANGUAGES])
  })

  for (const lang of PAGE_LANGUAGES) {
    const table = MESSAGES[lang] as Record<string, string | Plural>
    test(`${lang}: every key, nothing more, with the same placeholders and kind of entry as English`, () => {
      expect(Object.keys(table).sort()).toEqual(Object.keys(en).sort())
      for (const [key, entry] of Object.entries(table)) {
        expect(typeof entry).toBe(typeof en[key])
        const wanted = placeholders(Object.values(forms(en[key]!))[0]!)
        for (const text of Object.values(forms(entry))) {
          expect(text.trim().length).toBeGreaterThan(0)
          expect({ key, placeholders: placeholders(text) }).toEqual({ key, placeholders: wanted })
        }
      }
    })

    test(`${lang}: a plural form for every count its grammar distinguishes`, () => {
      const rules = new Intl.PluralRules(lang)
      const needed = new Set(Array.from({ length: 1001 }, (_, n) => rules.select(n)))
      for (const [key, entry] of Object.entries(table)) {
        if (typeof entry === 'string') continue
        for (const category of needed)
          if (category !== 'many' || lang === 'pl') expect({ key, category, has: category in entry }).toEqual({ key, category, has: true })
      }
    })

    if (lang === 'en') continue
    test(`${lang}: nothing left in English`, () => {
      for (const [key, entry] of Object.entries(table)) {
        const english = new Set(Object.values(forms(en[key]!)))
        for (const text of Object.values(forms(entry))) {
          if (!SAME_WORD[key]?.includes(lang)) expect({ key, text, english: english.has(text) }).toEqual({ key, text, english: false })
          // Dutch "of" is "or"; the list above has no such word.
          expect({ key, text, englishWord: ENGLISH.test(text.replace(/\{\w+\}/g, '')) }).toEqual({ key, text, englishWord: false })
        }
      }
    })
  }

  test('the words listed as shared really are the English ones (the list does not hide a forgotten entry)', () => {
    for (const [key, langs] of Object.entries(SAME_WORD))
      for (const lang of langs) {
        const table = MESSAGES[lang as keyof typeof MESSAGES] as Record<string, string | Plural>
        expect(Object.values(forms(table[key]!)).some((text) => Object.values(forms(en[key]!)).includes(text))).toBe(true)
      }
  })
})

describe('a locale', () => {
  test('a tag picks the table by its language and formats with the whole tag', () => {
    const at = localeFor('de-AT')
    expect([at.tag, at.language]).toEqual(['de-AT', 'de'])
    expect(at.date('2025-01-05')).toBe('5. Jänner 2025')
    expect(localeFor('de').date('2025-01-05')).toBe('5. Januar 2025')
    expect(localeFor('pt-BR').number(1234.5, 1)).toBe('1.234,5')
    expect(localeFor().date('2025-03-01')).toBe('March 1, 2025')
    expect(localeFor('fr').number(4.25, 2)).toBe('4,25')
  })

  test('an unknown language falls back to English words and tag', () => {
    expect(pageLanguage('ja')).toBe('en')
    expect(localeFor('ja').tag).toBe('en')
    expect(localeFor('ja').t('readAll')).toBe('Read all reviews')
  })

  test('placeholders are filled, integers grouped the locale’s way, plural forms chosen by count', () => {
    const pl = localeFor('pl')
    expect([1, 2, 5, 22, 25].map((n) => pl.t('verifiedReviews', { n }))).toEqual([
      '1 zweryfikowana opinia',
      '2 zweryfikowane opinie',
      '5 zweryfikowanych opinii',
      '22 zweryfikowane opinie',
      '25 zweryfikowanych opinii',
    ])
    expect(localeFor('de').t('verifiedReviews', { n: 1234 })).toBe('1.234 verifizierte Bewertungen')
    expect(localeFor().t('verifiedReviews', { n: 1 })).toBe('1 verified review')
    expect(localeFor('sv').t('responseFrom', { name: 'Acme' })).toBe('Svar från Acme')
  })

  test('language names in the page’s own words, and a bad code as it is', () => {
    expect(localeFor('de').languageName('en')).toBe('Englisch')
    expect(localeFor('fr').languageName('de')).toBe('allemand')
    expect(localeFor().languageName('not a code"<')).toBe('not a code"<')
  })
})
