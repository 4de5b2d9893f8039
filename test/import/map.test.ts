/**
 * `import FILE --map FIELD=COLUMN,...` through the real CLI: a spreadsheet CSV with its own
 * headers, the Trustpilot and Yelp API responses as their docs describe them, and bounded error
 * listings (a CSV with a million unknown columns).
 */
import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { FIXTURES, workspace } from './cli'

describe('--map on a CSV', () => {
  const csv = [
    'Review ID,Date,Stars,Name,Title,Review,Owner reply,Reply date,Helpful votes',
    'sheet-1,2025-06-02,5,Rosa M.,Great job,"José fixed the drain, and explained ""why"" it clogged.",Thank you Rosa!,2025-06-03,4',
    'sheet-2,2025-06-01 18:30,4.0,Ben K.,,Fast but pricey.,,,0',
    'sheet-3,2025-05-30T22:00:00Z,3,Ute S.,Okay,"Der Techniker war freundlich, aber zu spät.",,,1',
  ].join('\r\n')
  const map = 'id=Review ID,date=Date,rating=Stars,author=Name,title=Title,text=Review,response_text=Owner reply,response_date=Reply date'

  test("imports another platform's columns; a title goes before the text; unmapped columns are ignored", async () => {
    const ws = workspace()
    const result = await ws.run(ws.file('sheet.csv', csv), '--map', map, '--business', ws.businessFile)
    expect(result.stderr).toBe('')
    expect(result.stdout).toMatch(/^3 inserted, 0 updated, 0 unchanged, 0 removed \(3 reviews, csv, [\d.]+ s\)\n$/)
    const reviews = ws.reviews()
    expect(reviews.get('sheet-1')).toMatchObject({
      rating: 5,
      date: '2025-06-02',
      author: 'Rosa M.',
      text: 'Great job\n\nJosé fixed the drain, and explained "why" it clogged.',
      technicians: ['José Ramírez'],
      services: ['drain-cleaning'],
      response: { date: '2025-06-03', text: 'Thank you Rosa!' },
      language: 'en',
      source: 'direct',
    })
    expect(reviews.get('sheet-2')).toMatchObject({ rating: 4, date: '2025-06-01', text: 'Fast but pricey.', response: null })
    // 22:00 UTC is 16:00 in Denver, the same day.
    expect(reviews.get('sheet-3')).toMatchObject({
      date: '2025-05-30',
      language: 'de',
      text: 'Okay\n\nDer Techniker war freundlich, aber zu spät.',
    })
  })

  test('problems name the line, the field and the column it came from; nothing changes', async () => {
    const ws = workspace()
    await ws.run(ws.file('sheet.csv', csv), '--map', map, '--business', ws.businessFile)
    const before = ws.reviews()
    const bad = [csv.split('\r\n')[0], 'b-1,2025-06-02,five,Rosa,,Nice,,,0', 'b-2,06/02/2025,5,,,Nice,Thanks,,0'].join('\n')
    const result = await ws.run(ws.file('bad.csv', bad), '--map', map)
    expect(result.code).toBe(1)
    expect(result.stderr.split('\n').slice(1, -1)).toEqual([
      '  line 2, rating (column "Stars"): must be a whole number from 1 to 5; got "five"',
      '  line 3, date (column "Date"): "06/02/2025" is not YYYY-MM-DD, a local "YYYY-MM-DD HH:MM" or an RFC 3339 timestamp',
      '  line 3, author (column "Name"): is required',
      '  line 3, response_date (column "Reply date"): is required: a date YYYY-MM-DD or an RFC 3339 timestamp',
    ])
    expect(ws.reviews()).toEqual(before)
  })

  test('a mapped column the file lacks is named, with the columns it has', async () => {
    const ws = workspace()
    const result = await ws.run(ws.file('sheet.csv', csv), '--map', 'id=Review ID,rating=Score,text=Comment', '--business', ws.businessFile)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(
      '  line 1: has no column for --map "rating=Score", "text=Comment"; its columns are "Review ID", "Date", "Stars", "Name", "Title", "Review", "Owner reply", "Reply date", "Helpful votes"',
    )
  })

  test('a bad --map is a usage error', async () => {
    const ws = workspace()
    const result = await ws.run(ws.file('sheet.csv', csv), '--map', 'stars=Stars')
    expect(result.code).toBe(2)
    expect(result.stderr).toStartWith('reviews-service import: --map: "stars" is not a review field; fields are id, rating, date,')
  })
})

describe('--map on JSON: the public APIs of other platforms', () => {
  test('Trustpilot business-unit reviews', async () => {
    const ws = workspace()
    const map =
      'id=id,rating=stars,title=title,text=text,language=language,date=createdAt,author=consumer.displayName,response_text=companyReply.text,response_date=companyReply.createdAt'
    const result = await ws.run(join(FIXTURES, 'trustpilot-reviews.json'), '--map', map, '--business', ws.businessFile)
    expect(result.stderr).toBe('')
    expect(result.stdout).toContain('2 inserted')
    const reviews = ws.reviews()
    expect(reviews.get('65f1c2a9e4b0a1d2c3f4e5a6')).toMatchObject({
      rating: 5,
      date: '2025-05-14',
      author: 'Oliver Grant',
      text: expect.stringMatching(/^Fixed in one visit\n\nBooked in the morning, Sarah Chen came/),
      technicians: ['Sarah Chen'],
      services: ['ac-repair'],
      language: 'en',
      response: { date: '2025-05-15', text: "Thanks Oliver, we'll pass this on to Sarah!" },
    })
    expect(reviews.get('65f1c2a9e4b0a1d2c3f4e5a7')).toMatchObject({ rating: 2, language: 'fr', response: null, author: 'Sophie Laurent' })
  })

  test('a path that names a member of Object.prototype finds nothing, as any key the records lack', async () => {
    const ws = workspace()
    for (const path of ['toString', 'constructor', '__proto__', 'consumer.constructor']) {
      const map = `id=id,rating=stars,date=createdAt,author=consumer.displayName,text=${path}`
      const result = await ws.run(join(FIXTURES, 'trustpilot-reviews.json'), '--map', map, '--business', ws.businessFile)
      expect(result.code).toBe(1)
      expect(result.stderr).toContain(`text (${path}): is required`)
      expect(result.stderr).not.toContain('must be a string')
    }
  })

  test('Yelp Fusion reviews (time_created has no offset: a local time)', async () => {
    const ws = workspace()
    const result = await ws.run(
      join(FIXTURES, 'yelp-reviews.json'),
      '--map',
      'id=id,rating=rating,text=text,date=time_created,author=user.name',
      '--business',
      ws.businessFile,
    )
    expect(result.stderr).toBe('')
    expect(result.stdout).toContain('2 inserted')
    expect(ws.reviews().get('xAG4O7l-t1ubbwVAlPnDKg')).toMatchObject({
      rating: 5,
      date: '2025-03-08',
      author: 'Ella A.',
      technicians: ['Mike Alvarez'],
      language: 'en',
    })
  })
})

describe('error listings stay bounded', () => {
  test('a CSV with a million unknown columns names the first 20 and counts the rest', async () => {
    const ws = workspace()
    const header = ['id', 'rating', 'date', 'author', 'text', ...Array.from({ length: 1_000_000 }, (_, i) => `extra_${i}`)].join(',')
    const result = await ws.run(ws.file('wide.csv', `${header}\n`), '--business', ws.businessFile)
    expect(result.code).toBe(1)
    const lines = result.stderr.trimEnd().split('\n')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toStartWith('  line 1: has 1,000,000 unknown columns ("extra_0", "extra_1", ')
    expect(lines[1]).toContain('"extra_19" and 999,980 more); columns are id, rating, date, author, text,')
    expect(lines[1]).toEndWith("or pass --map FIELD=COLUMN,... to read another platform's export")
    expect(result.stderr.length).toBeLessThan(1000)
  }, 30_000)

  test('a million bad rows: 50 listed, the rest counted', async () => {
    const ws = workspace()
    const rows = Array.from({ length: 200_000 }, (_, i) => `r${i},0,2025-01-01,A,ok`)
    const result = await ws.run(ws.file('bad.csv', ['id,rating,date,author,text', ...rows].join('\n')), '--business', ws.businessFile)
    expect(result.code).toBe(1)
    const lines = result.stderr.trimEnd().split('\n')
    expect(lines[0]).toEndWith('was not imported; nothing changed. 200,000 problems:')
    expect(lines).toHaveLength(52)
    expect(lines.at(-1)).toBe('  ...and 199,950 more')
  }, 30_000)
})
