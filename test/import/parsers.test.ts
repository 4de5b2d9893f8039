/** Unit tests of the import's pure parts: translation markers, JSON page splitting, format detection, mojibake, --map, tags, capped lists. */
import { beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { googleReviewId, splitGoogleTranslation } from '../../src/import/google'
import { detectFormat } from '../../src/import/formats'
import { splitJsonDocuments } from '../../src/import/parsers'
import { repairMojibake } from '../../src/import/mojibake'
import { parseFieldMap, pickMapped, resolveColumns } from '../../src/import/mapping'
import { canonicalLanguageTag, detectLanguage, loadLanguageDetector } from '../../src/import/language'
import { formatProblems, listNames, ProblemList, quote } from '../../src/import/errors'
import { toLocalDate } from '../../src/import/normalize'

describe('Google translation markers', () => {
  test.each([
    ['translation first', '(Translated by Google) Great job.\n\n(Original)\nSuper Arbeit.', 'Super Arbeit.', 'Great job.'],
    ['original first, marked', '(Original)\nGreat job.\n\n(Translated by Google)\nSuper Arbeit.', 'Great job.', 'Super Arbeit.'],
    ['original first, unmarked', 'Muy bien.\n\n(Translated by Google)\nVery good.', 'Muy bien.', 'Very good.'],
    ['German interface', '(Übersetzt von Google) Sehr gut.\n\n(Original)\nVery good.', 'Very good.', 'Sehr gut.'],
    ['no marker', 'Just a review (with parentheses).', 'Just a review (with parentheses).', null],
    ['only a translation', '(Translated by Google) Nothing else.', 'Nothing else.', null],
    [
      'marker words inside a sentence are text',
      'They said "Original" parts (Original equipment) were used.',
      'They said "Original" parts (Original equipment) were used.',
      null,
    ],
  ])('%s', (_, comment, text, translation) => {
    expect(splitGoogleTranslation(comment)).toEqual({ text, translation })
  })

  test('the id is reviewId, else the last segment of name', () => {
    expect(googleReviewId({ reviewId: 'abc', name: 'accounts/1/locations/2/reviews/xyz' })).toBe('abc')
    expect(googleReviewId({ name: 'accounts/1/locations/2/reviews/xyz' })).toBe('xyz')
    expect(googleReviewId({ reviewId: '', name: 'accounts/1/locations/2/reviews/xyz' })).toBe('xyz')
    expect(googleReviewId({ name: 'accounts/1/locations/2' })).toBeUndefined()
  })
})

describe('JSON documents and format detection', () => {
  test('concatenated documents are split with their first line; braces inside strings do not count', () => {
    const text = '{"a": "}{"}\n{"b": [1, {"c": "\\"}"}]}{"d": 1}'
    expect(splitJsonDocuments(text)).toEqual([
      { line: 1, text: '{"a": "}{"}' },
      { line: 2, text: '{"b": [1, {"c": "\\"}"}]}' },
      { line: 2, text: '{"d": 1}' },
    ])
    expect(splitJsonDocuments('{"a": 1')).toEqual([])
  })

  test('detects each format', () => {
    const page = JSON.stringify({
      reviews: [{ name: 'accounts/1/locations/2/reviews/x', reviewer: { displayName: 'A' }, starRating: 'FIVE' }],
    })
    expect(detectFormat(page)).toBe('gbp')
    expect(detectFormat(`${page}\n${page}`)).toBe('gbp')
    expect(detectFormat(`${JSON.stringify(JSON.parse(page), null, 2)}\n${JSON.stringify(JSON.parse(page), null, 2)}`)).toBe('gbp')
    expect(detectFormat(`[${page},${page}]`)).toBe('gbp')
    expect(detectFormat(JSON.stringify({ reviews: [], nextPageToken: 'x' }))).toBe('gbp')
    expect(detectFormat(JSON.stringify({ business: {}, reviews: [{ id: 'a' }] }))).toBe('json')
    expect(detectFormat(JSON.stringify([{ id: 'a' }]))).toBe('json')
    expect(detectFormat('{"id":"a"}\n{"id":"b"}\n')).toBe('jsonl')
    expect(detectFormat('id,rating\n')).toBe('csv')
  })
})

describe('mis-decoded UTF-8', () => {
  test.each([
    ['FÃ¼r den Preis', 'Für den Preis'],
    ['Itâ€™s â€œgreatâ€\u009D â€” really', 'It’s “great” — really'],
    ['Ã‰tÃ© trÃ¨s bien', 'Été très bien'],
    ['ðŸ‘\u008DðŸ\u008F»', '👍🏻'],
    // Real text that only looks suspicious stays as written.
    ['Gruß“ und Café, NÃO', 'Gruß“ und Café, NÃO'],
    ['plain ASCII', 'plain ASCII'],
  ])('%s', (input, output) => {
    expect(repairMojibake(input)).toBe(output)
  })
})

describe('--map', () => {
  test('pairs, repeated options, quoted columns with commas, case-insensitive fields', () => {
    expect(parseFieldMap(['rating=Stars,text="Review, full"', 'Author=Name'])).toEqual({
      map: { rating: 'Stars', text: 'Review, full', author: 'Name' },
    })
  })

  test.each([
    [['stars=Rating'], '--map: "stars" is not a review field; fields are id, rating'],
    [['rating'], '--map: "rating" is not FIELD=COLUMN'],
    [['rating='], '--map: rating= needs a column name'],
    [['rating=A', 'rating=B'], '--map: rating is mapped twice'],
    [['text="open'], '--map: "text=\\"open" has an unclosed quote'],
  ])('%j is refused', (specs, message) => {
    const result = parseFieldMap(specs)
    expect('error' in result && result.error).toStartWith(message)
  })

  test('columns resolve exactly, then ignoring case; a missing one is named with the header', () => {
    expect(resolveColumns({ rating: 'Stars', text: 'review text' }, ['Review Text', 'Stars'])).toEqual({ columns: { rating: 1, text: 0 } })
    expect(resolveColumns({ rating: 'Score' }, ['Stars', 'Review'])).toEqual({
      reason: 'has no column for --map "rating=Score"; its columns are "Stars", "Review"',
    })
  })

  test('JSON paths are dotted; a key holding a dot is found as it is', () => {
    expect(
      pickMapped(
        { consumer: { displayName: 'Kim' }, 'a.b': 1, stars: 4 },
        { author: 'consumer.displayName', rating: 'stars', id: 'a.b', text: 'missing.path' },
      ),
    ).toEqual({
      author: 'Kim',
      rating: 4,
      id: 1,
      text: undefined,
    })
  })
})

describe('language tags and detection', () => {
  beforeAll(loadLanguageDetector)

  test('tags are canonicalised; what is not a tag is a reason', () => {
    expect(canonicalLanguageTag('de_DE')).toEqual({ tag: 'de-DE' })
    expect(canonicalLanguageTag('EN')).toEqual({ tag: 'en' })
    expect(canonicalLanguageTag('pt-br')).toEqual({ tag: 'pt-BR' })
    expect(canonicalLanguageTag('German')).toEqual({ reason: '"German" is not a BCP 47 language tag such as "en" or "pt-BR"' })
    expect(canonicalLanguageTag(7)).toEqual({ reason: 'must be a BCP 47 language tag such as "en" or "pt-BR"' })
  })

  test('too little text, emoji or a bare URL is unknown, not a guess', () => {
    expect(detectLanguage('')).toBeNull()
    expect(detectLanguage('👍👍👍')).toBeNull()
    expect(detectLanguage('5/5 OK')).toBeNull()
    expect(detectLanguage('https://example.com/review')).toBeNull()
    expect(detectLanguage('Der Monteur kam pünktlich, siehe https://example.com/rechnung')).toBe('de')
  })

  const rows = () =>
    readFileSync(join(import.meta.dir, 'fixtures', 'language-samples.tsv'), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.split('\t') as [string, string])

  test('accuracy on 156 short labelled review texts in 11 languages is at least 98%', () => {
    const all = rows()
    expect(all.length).toBe(156)
    const wrong = all.filter(([language, text]) => detectLanguage(text) !== language)
    expect(wrong.length / all.length).toBeLessThanOrEqual(0.02)
  })

  test('Swedish, Danish and Norwegian are told apart: at least 95% of each; Norwegian is nb, never no', () => {
    for (const language of ['sv', 'da', 'nb']) {
      const texts = rows().filter(([tag]) => tag === language)
      expect(texts.length).toBeGreaterThanOrEqual(16)
      const right = texts.filter(([, text]) => detectLanguage(text) === language)
      expect(right.length / texts.length).toBeGreaterThanOrEqual(0.95)
    }
    // eld alone calls these Danish: their Norwegian spellings (hva, arbeid, beskjed, vår, -sjon) decide.
    expect(detectLanguage('Hyggelig tekniker som forklarte hva som var galt.')).toBe('nb')
    expect(detectLanguage('Rimelig pris og godt arbeid, anbefales på det varmeste.')).toBe('nb')
    expect(detectLanguage('Byttet varmtvannstanken vår på kort tid, meget profesjonelt.')).toBe('nb')
    expect(detectLanguage('Skiftede vores varmtvandsbeholder på kort tid, meget professionelt.')).toBe('da')
  })

  test('only the start of a text is read: a 200,000-letter word takes milliseconds, not minutes', () => {
    const started = performance.now()
    expect(detectLanguage('x'.repeat(200_000))).toBeNull()
    expect(detectLanguage(`${'Der Monteur kam pünktlich und war sehr freundlich. '.repeat(50)}${'y'.repeat(200_000)}`)).toBe('de')
    expect(performance.now() - started).toBeLessThan(500)
  })
})

describe('bounded messages', () => {
  test('a quoted value is clipped', () => {
    expect(quote('x'.repeat(1000))).toBe(`"${'x'.repeat(60)}…"`)
    expect(toLocalDate('9'.repeat(100_000), 'UTC')).toEqual({
      reason: `"${'9'.repeat(60)}…" is not YYYY-MM-DD, a local "YYYY-MM-DD HH:MM" or an RFC 3339 timestamp`,
    })
  })

  test('name lists stop at 20 and count the rest', () => {
    const names = Array.from({ length: 1_000_000 }, (_, i) => `c${i}`)
    const listed = listNames(names)
    expect(listed).toEndWith('"c19" and 999,980 more')
    expect(listed.length).toBeLessThan(300)
  })

  test('problems kept are capped; the count and "...and N more" still cover all', () => {
    const problems = new ProblemList()
    for (let i = 0; i < 100_000; i++) problems.push({ location: `line ${i + 2}`, field: 'rating', reason: 'is required' })
    expect(problems.kept.length).toBe(1000)
    expect(problems.count).toBe(100_000)
    const text = formatProblems(problems.kept, problems.count)
    expect(text.split('\n')).toHaveLength(51)
    expect(text).toEndWith('  ...and 99,950 more')
  })

  test('a timestamp without an offset is a local time: its date is the date written', () => {
    expect(toLocalDate('2024-03-05 23:30:00', 'America/Denver')).toEqual({ date: '2024-03-05' })
    expect(toLocalDate('2024-03-05T07:15', 'Asia/Tokyo')).toEqual({ date: '2024-03-05' })
    expect(toLocalDate('2024-02-30 10:00', 'UTC')).toEqual({ reason: '"2024-02-30 10:00" is not a real point in time' })
  })
})
