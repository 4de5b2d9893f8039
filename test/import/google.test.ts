/**
 * Google Business Profile exports imported as Google hands them out, through the real CLI:
 * a Takeout reviews file (ids only in `name`), reviews.list pages concatenated in one file or
 * saved one per file in a folder, and what they carry (translations both ways, anonymous and
 * nameless reviewers, rating-only reviews, emoji, accents, mis-decoded text, a 2,000+ character review).
 */
import { describe, expect, test } from 'bun:test'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { FIXTURES, workspace } from './cli'

const GOOGLE = join(FIXTURES, 'google')
const takeout = JSON.parse(readFileSync(join(GOOGLE, 'takeout-reviews.json'), 'utf8')) as { reviews: { name: string; comment?: string }[] }

describe('a Takeout reviews file', () => {
  const ws = workspace()
  let reviews: ReturnType<typeof ws.reviews>

  test('imports as-is: every id from the last segment of name', async () => {
    const result = await ws.run(join(GOOGLE, 'takeout-reviews.json'), '--business', ws.businessFile)
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^8 inserted, 0 updated, 0 unchanged, 0 removed \(8 reviews, gbp, [\d.]+ s\)\n$/)
    reviews = ws.reviews()
    expect([...reviews.keys()].sort()).toEqual(takeout.reviews.map((r) => r.name.split('/').at(-1)!).sort())
  })

  test('"(Translated by Google) … (Original) …": the German original is the text, the English its translation', () => {
    expect(reviews.get('AbFvOqlnTk8cQ2Vd4P7xLh3')).toMatchObject({
      text: 'Sehr freundlicher Techniker, alles bestens. José kam pünktlich und hat alles erklärt.',
      language: 'de',
      translation: {
        language: 'en',
        text: 'Very friendly technician, everything worked out perfectly. José came on time and explained everything.',
      },
      technicians: ['José Ramírez'],
      author: 'Brigitte Hoffmann',
      rating: 5,
      date: '2025-04-12',
      source: 'google',
      verified: true,
      response: { date: '2025-04-13', text: 'Vielen Dank, Frau Hoffmann! Wir freuen uns, dass alles geklappt hat.' },
    })
  })

  test('"(Original) … (Translated by Google) …": an English original keeps its Spanish translation', () => {
    expect(reviews.get('AbFvOqm2Rz0yJ7uWcX1bNs8')).toMatchObject({
      text: 'Fast and friendly, but the quote was higher than I expected for a simple drain clog.',
      language: 'en',
      translation: {
        language: 'es',
        text: 'Rápido y amable, pero el presupuesto fue más alto de lo que esperaba para un simple atasco del desagüe.',
      },
      services: ['drain-cleaning'],
    })
  })

  test('"original (Translated by Google) translation", and an owner reply keeps its original too', () => {
    const review = reviews.get('AbFvOqs8Yh4nL2dQwE5fGj0')!
    expect(review.text).toBe('El técnico nunca llegó y nadie nos llamó para avisar. Perdimos todo el día esperando.')
    expect(review.language).toBe('es')
    expect(review.translation).toEqual({
      language: 'en',
      text: 'The technician never arrived and no one called us to let us know. We lost the whole day waiting.',
    })
    expect(review.response).toEqual({ date: '2025-01-02', text: 'Lo sentimos mucho, Carmen. Llámenos para solucionarlo.' })
    // 05:30 UTC on New Year's Day is still New Year's Eve in Denver.
    expect(review.date).toBe('2024-12-31')
  })

  test('anonymous and nameless reviewers get a neutral name; rating-only reviews have empty text and no language', () => {
    expect(reviews.get('AbFvOqnK3mA9eQ1tYvB6pLr')).toMatchObject({
      author: 'A Google user',
      text: '',
      language: null,
      translation: null,
      rating: 3,
      date: '2025-03-01',
    })
    expect(reviews.get('AbFvOqu9Op1jH6gTyF4hWd3')).toMatchObject({ author: 'A Google user', text: '', language: null, rating: 4 })
  })

  test('emoji and accents pass untouched; mis-decoded UTF-8 ("FÃ¼r") is repaired in text and name', () => {
    expect(reviews.get('AbFvOqp7Wd2sE5hUjN0cXa4')).toMatchObject({
      author: 'Zoë Ångström-Müller',
      text: 'Mike was amazing 👍🔧 Fixed the tankless unit in under an hour. Great chat over coffee ☕️ and a spotless kitchen afterwards!',
      language: 'en',
      response: { date: '2025-02-15', text: 'Thanks Zoë! ❤️' },
    })
    expect(reviews.get('AbFvOqr1Tg6kP9sZmC3vHb7')).toMatchObject({
      author: 'Jürgen Weiß',
      text: 'Für den Preis hätte ich mehr erwartet. Der Abfluss war nach einer Woche wieder verstopft, und niemand hat zurückgerufen.',
      language: 'de',
    })
  })

  test('a review of 2,000+ characters with paragraphs, quotes, a URL and emoji is stored whole', () => {
    const original = takeout.reviews.find((r) => r.name.endsWith('AbFvOqt5Ui3mK8fRxD2gVc6'))!.comment!
    const review = reviews.get('AbFvOqt5Ui3mK8fRxD2gVc6')!
    expect(original.length).toBeGreaterThanOrEqual(2000)
    expect(review.text).toBe(original)
    expect(review.text).toContain('\n\n')
    expect(review.text).toContain('https://acme.example.com/book')
    expect(review.language).toBe('en')
  })

  test('the same file again changes nothing', async () => {
    const again = await ws.run(join(GOOGLE, 'takeout-reviews.json'))
    expect(again.stdout).toContain('0 inserted, 0 updated, 8 unchanged, 0 removed')
  })
})

describe('reviews.list pages', () => {
  test('several pages in one file (one review repeated across a page boundary) and the same pages as a folder give the same reviews', async () => {
    const concatenated = workspace()
    const result = await concatenated.run(join(GOOGLE, 'api-pages.json'), '--business', concatenated.businessFile)
    expect(result.stderr).toBe('')
    expect(result.stdout).toMatch(/^7 inserted, 0 updated, 0 unchanged, 0 removed \(7 reviews, gbp, [\d.]+ s\)\n$/)

    const folder = workspace()
    const fromFolder = await folder.run(join(GOOGLE, 'pages'), '--business', folder.businessFile)
    expect(fromFolder.stderr).toBe('')
    expect(fromFolder.stdout).toMatch(/^7 inserted, 0 updated, 0 unchanged, 0 removed \(7 reviews, gbp, 3 files, [\d.]+ s\)\n$/)
    expect(folder.reviews()).toEqual(concatenated.reviews())

    const reviews = concatenated.reviews()
    expect(reviews.get('ChZDSUhNMG9nS0VJQ0FnSURBMg')).toMatchObject({
      text: 'Bom trabalho, mas chegaram atrasados.',
      language: 'pt',
      translation: { language: 'en', text: 'Good work, but they arrived late.' },
    })
    expect(reviews.get('ChZDSUhNMG9nS0VJQ0FnSURBNA')).toMatchObject({
      language: 'fr',
      response: { date: '2025-05-03', text: 'Merci Marie !' },
    })
    expect(reviews.get('ChZDSUhNMG9nS0VJQ0FnSURBNw')).toMatchObject({ author: 'A Google user', text: '', language: null })
  })

  test('a Takeout location folder: reviews files read, other JSON files skipped by name; a folder with no reviews is a problem', async () => {
    const ws = workspace()
    const folder = join(ws.dir, 'location-17263549182736450912')
    mkdirSync(folder)
    writeFileSync(join(folder, 'reviews.json'), readFileSync(join(GOOGLE, 'takeout-reviews.json')))
    writeFileSync(join(folder, 'location.json'), JSON.stringify({ name: 'locations/17263549182736450912', title: 'Acme Home Services' }))
    writeFileSync(join(folder, 'notes.txt'), 'not JSON, not read')
    const result = await ws.run(folder, '--business', ws.businessFile)
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^8 inserted, 0 updated, 0 unchanged, 0 removed \(8 reviews, gbp, 2 files, [\d.]+ s\)\n$/)
    expect(result.stderr).toBe('note: skipped "location.json": no reviews list in it\n')

    const empty = join(ws.dir, 'empty')
    mkdirSync(empty)
    writeFileSync(join(empty, 'location.json'), '{}')
    const none = await ws.run(empty)
    expect(none.code).toBe(1)
    expect(none.stderr).toContain('  folder: holds no reviews file: "location.json" has no reviews list')
  })

  test('a JSON array of pages and a batchGetReviews page are read too', async () => {
    const pages = readFileSync(join(GOOGLE, 'api-pages.json'), 'utf8')
    const ws = workspace()
    const asArray = `[${pages.trim().replace(/\n}\n{/g, '\n},\n{')}]`
    expect((await ws.run(ws.file('array.json', asArray), '--business', ws.businessFile)).stdout).toContain('7 inserted')
    const batch = {
      locationReviews: [
        {
          name: 'accounts/1/locations/2',
          review: {
            name: 'accounts/1/locations/2/reviews/batch-1',
            reviewer: { displayName: 'Kim Lee' },
            starRating: 'FOUR',
            comment: 'Solid work on the drain.',
            createTime: '2025-07-01T12:00:00Z',
            updateTime: '2025-07-01T12:00:00Z',
          },
        },
      ],
    }
    const result = await ws.run(ws.file('batch.json', JSON.stringify(batch)))
    expect(result.stdout).toContain('1 inserted')
    expect(ws.reviews().get('batch-1')).toMatchObject({ author: 'Kim Lee', rating: 4, services: ['drain-cleaning'], language: 'en' })

    // A saved `reviews` list without its page, and a page inside our {business, reviews} wrapper, into a fresh database.
    const list = [{ ...batch.locationReviews[0]!.review, name: 'accounts/1/locations/2/reviews/list-1' }]
    expect((await ws.run(ws.file('list.json', JSON.stringify(list)))).stdout).toContain('1 inserted')
    const fresh = workspace()
    const wrapped = await fresh.run(
      fresh.file('wrapped.json', JSON.stringify({ business: JSON.parse(readFileSync(fresh.businessFile, 'utf8')), reviews: list })),
    )
    expect(wrapped.stderr).toBe('')
    expect(wrapped.stdout).toMatch(/^1 inserted, .*\(1 review, gbp, /)
  })

  test('an export cut short (last page still has a nextPageToken) imports, with a note saying so', async () => {
    const ws = workspace()
    const result = await ws.run(join(GOOGLE, 'pages', 'reviews-001.json'), '--business', ws.businessFile)
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('3 inserted')
    expect(result.stderr).toBe(
      'note: the last page has a nextPageToken: Google had more reviews than this export holds; fetch the remaining pages to import them too\n',
    )
  })
})

describe('problems are named by page, review and Google field; nothing changes', () => {
  const page = (reviews: unknown[]) => ({ reviews, averageRating: 4, totalReviewCount: reviews.length })
  const good = {
    name: 'accounts/1/locations/2/reviews/ok-1',
    reviewer: { displayName: 'Ann' },
    starRating: 'FIVE',
    comment: 'Fine.',
    createTime: '2025-01-01T12:00:00Z',
  }

  test('a star rating named like a member of Object.prototype is no rating, and says which ones are', async () => {
    const ws = workspace()
    const names = ['toString', 'constructor', '__proto__']
    const reviews = names.map((starRating, i) => ({ ...good, name: `accounts/1/locations/2/reviews/odd-${i}`, starRating }))
    const result = await ws.run(ws.file('odd.json', JSON.stringify(page(reviews))), '--business', ws.businessFile)
    expect(result.code).toBe(1)
    const lines = result.stderr.trimEnd().split('\n').slice(1)
    expect(lines).toHaveLength(names.length)
    for (const [i, line] of lines.entries())
      expect(line).toEndWith(`(review "odd-${i}"), starRating: must be ONE, TWO, THREE, FOUR or FIVE; got ${JSON.stringify(names[i])}`)
  })

  test('STAR_RATING_UNSPECIFIED, a missing createTime, an id-less review, a bad reply date', async () => {
    const ws = workspace()
    await ws.run(join(GOOGLE, 'takeout-reviews.json'), '--business', ws.businessFile)
    const before = ws.reviews()
    const bad = [
      page([good, { ...good, name: 'accounts/1/locations/2/reviews/unrated', starRating: 'STAR_RATING_UNSPECIFIED' }]),
      page([
        { ...good, name: 'accounts/1/locations/2/reviews/no-time', createTime: undefined },
        { reviewer: { displayName: 'X' }, starRating: 'TWO', createTime: '2025-01-01T00:00:00Z' },
      ]),
      page([{ ...good, name: 'accounts/1/locations/2/reviews/bad-reply', reviewReply: { comment: 'Thanks', updateTime: 'last Tuesday' } }]),
    ]
    const text = bad.map((p) => JSON.stringify(p, null, 2)).join('\n')
    const [p1, p2, p3] = text.split('\n').flatMap((line, i) => (line === '{' ? [i + 1] : []))
    const result = await ws.run(ws.file('bad.json', text))
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    const lines = result.stderr.trimEnd().split('\n')
    expect(lines[0]).toMatch(/bad\.json was not imported; nothing changed\. 4 problems:$/)
    expect(lines.slice(1)).toEqual([
      `  page 1 (line ${p1}), reviews[1] (review "unrated"), starRating: is STAR_RATING_UNSPECIFIED: Google gave this review no star rating; remove it from the file or give it ONE to FIVE`,
      `  page 2 (line ${p2}), reviews[0] (review "no-time"), createTime: is required: a date YYYY-MM-DD or an RFC 3339 timestamp`,
      `  page 2 (line ${p2}), reviews[1], reviewId: is required`,
      `  page 3 (line ${p3}), reviews[0] (review "bad-reply"), reviewReply.updateTime: "last Tuesday" is not YYYY-MM-DD, a local "YYYY-MM-DD HH:MM" or an RFC 3339 timestamp`,
    ])
    expect(ws.reviews()).toEqual(before)
  })
})
