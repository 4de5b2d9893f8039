/**
 * A business in another language: `locale` in business.json is validated like the rest of the file
 * and turns every page (and the widget, unless told otherwise) into that language: the document's
 * lang, the pages' own words, dates and numbers, and inLanguage in the JSON-LD; reviews keep theirs.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readBusinessFile } from '../../src/catalog/business-file'
import { MESSAGES, type MessageKey } from '../../src/pages/i18n'
import type { Business } from '../../src/reviews/schema'
import { business, review } from '../support/dataset'
import { startTestServer, type TestServer } from '../support/server'

const german: Business = { ...business, name: 'Acme Haustechnik', locale: 'de-AT' }
const REVIEWS = [
  review({ id: 'g-1', rating: 5, date: '2025-01-05', text: 'Sehr schnell und sauber gearbeitet.', language: 'de' }),
  review({
    id: 'g-2',
    rating: 4,
    date: '2025-02-10',
    text: 'Quick and tidy, a bit pricey.',
    language: 'en',
    translation: { language: 'de', text: 'Schnell und ordentlich, etwas teuer.' },
  }),
  review({
    id: 'g-3',
    rating: 4,
    date: '2025-03-01',
    text: 'Pünktlich und freundlich.',
    language: 'de',
    response: { date: '2025-03-02', text: 'Danke!' },
  }),
]

/** The English table's words with no placeholder: none of them may show on a German page as the page's own text. */
const ENGLISH_WORDS = (Object.entries(MESSAGES.en) as [MessageKey, unknown][])
  .filter(([key, value]) => typeof value === 'string' && !value.includes('{') && value !== (MESSAGES.de as Record<string, unknown>)[key])
  .map(([, value]) => value as string)

describe('the business file’s locale', () => {
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'locale-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const read = (locale: unknown) => {
    const path = join(dir, 'business.json')
    writeFileSync(path, JSON.stringify({ ...business, locale }))
    return readBusinessFile(path)
  }

  test.each(['en', 'de', 'de-AT', 'pt-BR', 'nb-NO', 'pl-Latn-PL'])('%s is accepted', (locale) => {
    const result = read(locale)
    expect(result.ok).toBe(true)
    if (result.ok) expect(result.value.locale).toBe(locale)
  })

  test.each(['ja', 'de_DE', 'deutsch', '', 'en-'])('%p is refused with the path and the languages shipped', (locale) => {
    const result = read(locale)
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.issues[0]!.path).toEqual(['locale'])
      expect(result.issues[0]!.message).toContain('en, de, fr, es, it, nl, pt, pl, sv, da, nb')
    }
  })

  test('a locale that is not a string is refused at its path', () => {
    const result = read(42)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.issues[0]!.path).toEqual(['locale'])
  })

  test('absent is English (the file stays valid without it)', () => {
    const path = join(dir, 'plain.json')
    writeFileSync(path, JSON.stringify(business))
    expect(readBusinessFile(path).ok).toBe(true)
  })
})

describe('a German business', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ seed: { business: german, reviews: REVIEWS } })
    await server.service.catalog.current.insights()
  })
  afterAll(() => server.stop())
  const text = async (path: string) => {
    const response = await fetch(server.url + path)
    expect(response.status).toBeLessThan(500)
    return response.text()
  }
  const englishLeft = (html: string) => ENGLISH_WORDS.filter((word) => html.includes(`>${word}<`) || html.includes(`="${word}"`))

  test.each(['/', '/?rating=4', '/insights', '/reviews/g-1', '/developers', '/reviews/nope'])('%s speaks German', async (path) => {
    const html = await text(path)
    expect(html).toContain('<html lang="de-AT">')
    expect(englishLeft(html)).toEqual([])
  })

  test('the shoppers’ page: German words, Austrian dates and numbers, reviews in their own language', async () => {
    const html = await text('/')
    expect(html).toContain('Neueste Bewertungen')
    expect(html).toContain('3 verifizierte Bewertungen')
    expect(html).toContain('aria-label="Mit 4,3 von 5 Sternen bewertet"')
    expect(html).toContain('<span class="big">4,33</span>')
    expect(html).toContain('>5. Jänner 2025</time>')
    expect(html).toContain('<p class="text" dir="auto" lang="en">Quick and tidy, a bit pricey.</p>')
    expect(html).toContain('<summary>Übersetzung (Deutsch) von Google</summary><p class="text" dir="auto" lang="de">Schnell und ordentlich')
    expect(html).toContain('Antwort von Acme Haustechnik')
  })

  test('JSON-LD: the business speaks German, each review names its own language', async () => {
    const html = await text('/')
    const doc = JSON.parse(html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]!)
    expect(doc.knowsLanguage).toBe('de-AT')
    expect(Object.fromEntries(doc.review.map((r: any) => [r.url.split('/').at(-1), r.inLanguage]))).toEqual({
      'g-1': 'de',
      'g-2': 'en',
      'g-3': 'de',
    })
  })

  test('the widget follows the business, unless its lang says otherwise', async () => {
    const own = await text('/embed')
    expect(own).toContain('<html lang="de-AT">')
    expect(own).toContain('Alle Bewertungen lesen')
    const french = await text('/embed?lang=fr')
    expect(french).toContain('<section class="rw" lang="fr"')
    expect(french).toContain('Lire tous les avis')
    expect(french).toContain('>5 janvier 2025</time>')
    const bad = await text('/embed?count=0&lang=sv')
    expect(bad).toContain('Omdömeswidgeten kan inte visas med de här alternativen.')
  })

  test('the OpenAPI document lists every language for the widget', async () => {
    const doc = JSON.parse(await text('/.well-known/openapi.json'))
    const lang = doc.paths['/embed'].get.parameters.find((p: any) => p.name === 'lang')
    // Beside the languages, an empty value is allowed (the same as not given), as for every page parameter.
    const languages = lang.schema.anyOf.find((s: any) => s.const !== '')
    const listed = languages.enum ?? languages.anyOf.map((s: any) => s.const)
    expect(listed).toEqual(['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'pl', 'sv', 'da', 'nb'])
  })
})
