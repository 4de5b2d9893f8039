import { describe, expect, test } from 'bun:test'
import { daysInMonth, isCalendarDate, quarterOf, quarterRange, startOfLocalDay } from './dates'

describe('isCalendarDate', () => {
  test.each(['2024-02-29', '2023-12-31', '2000-02-29', '0050-03-01'])('%s is a date', (d) => expect(isCalendarDate(d)).toBe(true))
  test.each(['2023-02-29', '1900-02-29', '2024-13-01', '2024-00-10', '2024-04-31', '2024-2-1', 'yesterday', '0000-01-01', ' 2024-01-01'])(
    '%s is not',
    (d) => expect(isCalendarDate(d)).toBe(false),
  )
  test('days in month follow the Gregorian leap rule', () => {
    expect([1900, 2000, 2024, 2023].map((y) => daysInMonth(y, 2))).toEqual([28, 29, 29, 28])
  })
})

describe('startOfLocalDay', () => {
  test.each([
    // DST starts at midnight: the day begins at 01:00 local, not the evening before.
    ['2018-11-04', 'America/Sao_Paulo', '2018-11-04T03:00:00.000Z'],
    ['2019-03-31', 'America/Santiago', '2019-03-31T03:00:00.000Z'],
    ['2012-03-11', 'America/Havana', '2012-03-11T05:00:00.000Z'],
    // DST ends at midnight (00:00 becomes 23:00 of the day before): the day begins at its only midnight.
    ['2018-02-18', 'America/Sao_Paulo', '2018-02-18T03:00:00.000Z'],
    // Ordinary days east and west of UTC, and the day after Samoa skipped 30 December 2011.
    ['2025-06-01', 'America/Denver', '2025-06-01T06:00:00.000Z'],
    ['2025-06-01', 'Asia/Tokyo', '2025-05-31T15:00:00.000Z'],
    ['2011-12-31', 'Pacific/Apia', '2011-12-30T10:00:00.000Z'],
    ['2025-01-01', 'UTC', '2025-01-01T00:00:00.000Z'],
  ])('%s in %s begins at %s', (date, zone, expected) => {
    expect(startOfLocalDay(date, zone).toISOString()).toBe(expected)
  })

  test('years below 100 are years, not 19xx', () => {
    expect(startOfLocalDay('0050-03-01', 'UTC').toISOString()).toBe('0050-03-01T00:00:00.000Z')
  })
})

describe('quarters', () => {
  test.each([
    ['2026-01-01', '2026-Q1'],
    ['2026-03-31', '2026-Q1'],
    ['2026-04-01', '2026-Q2'],
    ['2026-09-30', '2026-Q3'],
    ['2026-12-31', '2026-Q4'],
  ])('%s is in %s', (date, quarter) => expect(quarterOf(date)).toBe(quarter))

  test.each([
    ['2026-Q1', '2026-01-01', '2026-03-31'],
    ['2026-Q2', '2026-04-01', '2026-06-30'],
    ['2026-Q3', '2026-07-01', '2026-09-30'],
    ['2026-Q4', '2026-10-01', '2026-12-31'],
  ])('%s runs from %s to %s', (quarter, since, until) => {
    expect(quarterRange(quarter)).toEqual({ since, until })
    expect(quarterOf(since)).toBe(quarter)
    expect(quarterOf(until)).toBe(quarter)
  })
})
