/** Calendar dates without Date's rollover (new Date('2024-02-30') is March 1st in Bun). */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (year < 1 || month < 1 || month > 12 || day < 1) return false
  return day <= daysInMonth(year, month)
}

export function daysInMonth(year: number, month: number): number {
  return month === 2 ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31
}

/** The calendar quarter of a YYYY-MM-DD date, as `2026-Q3`. */
export function quarterOf(date: string): string {
  return `${date.slice(0, 4)}-Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`
}

/** The first and last dates of a quarter (`2026-Q3`: 2026-07-01 to 2026-09-30), for a since/until search. */
export function quarterRange(quarter: string): { since: string; until: string } {
  const year = quarter.slice(0, 4)
  const first = (Number(quarter.slice(6)) - 1) * 3 + 1
  const last = first + 2
  const month = (m: number) => String(m).padStart(2, '0')
  return { since: `${year}-${month(first)}-01`, until: `${year}-${month(last)}-${daysInMonth(Number(year), last)}` }
}

/**
 * The UTC instant at which a local calendar date begins in an IANA time zone. Temporal knows the
 * zone's rules: a day whose midnight does not exist (DST starting at 00:00) begins at its first
 * existing instant, and years below 100 stay years.
 */
export function startOfLocalDay(date: string, timeZone: string): Date {
  return new Date(Temporal.PlainDate.from(date).toZonedDateTime({ timeZone }).epochMilliseconds)
}

const knownZones = new Map<string, boolean>()

/**
 * Whether this runtime can render dates in `timeZone` (its time zone database knows it). Cached: it is asked per record.
 * An instant placed in the zone is the cheapest question that needs the database: a server's first build asks it before
 * listening, and a date format (Intl.DateTimeFormat) or a calendar date placed in the zone cost 9-13 ms more on a cold
 * start; all three accept the same identifiers (every zone Intl lists, the usual aliases and offsets).
 */
export function isKnownTimeZone(timeZone: string): boolean {
  let known = knownZones.get(timeZone)
  if (known === undefined) {
    try {
      Temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(timeZone)
      known = timeZone.trim() !== ''
    } catch {
      known = false
    }
    if (knownZones.size < 1000) knownZones.set(timeZone, known)
  }
  return known
}

/** The earliest review date published: older dates are export sentinels (0001-01-01, 1970-01-01) or typos. */
const EARLIEST_REVIEW_DATE = '1990-01-01'

/** Today's calendar date in `timeZone`. */
function todayIn(timeZone: string, now: Date = new Date()): string {
  return Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timeZone).toPlainDate().toString()
}

/**
 * Why a review (or reply) date cannot be published, or null. The allowed range is 1990-01-01 ..
 * tomorrow where the business is (a day of slack for clocks and zones): anything else is a sentinel
 * (9999-12-31, 0001-01-01) or a typo, and would render as nonsense in the feeds.
 */
export function reviewDateProblem(date: string, timeZone: string, now: Date = new Date()): string | null {
  if (/^\+?\d{5,}-/.test(date)) return `${date} is past the year 9999: not a real review date`
  if (!DATE.test(date) || !isCalendarDate(date)) return `"${date}" is not a calendar date in YYYY-MM-DD form`
  if (date < EARLIEST_REVIEW_DATE) return `${date} is before ${EARLIEST_REVIEW_DATE}: not a real review date`
  const tomorrow = Temporal.PlainDate.from(todayIn(timeZone, now)).add({ days: 1 }).toString()
  if (date > tomorrow) return `${date} is in the future (after ${tomorrow} in ${timeZone}): not a real review date`
  return null
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/

/** Why an RFC 3339 timestamp is not a point in time this service can use, or null. Leap seconds (:60) are named. */
export function timestampProblem(text: string): string | null {
  const match = TIMESTAMP.exec(text)
  if (!match) return `"${text}" is neither YYYY-MM-DD nor an RFC 3339 timestamp`
  const [, year, month, day, hh, mm, ss] = match
  if (ss === '60') return `"${text}" is a leap second (:60), which dates here cannot represent; use :59`
  if (!isCalendarDate(`${year}-${month}-${day}`) || Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59)
    return `"${text}" is not a real point in time`
  if (Number.isNaN(Date.parse(text.replace(' ', 'T')))) return `"${text}" is out of range`
  // No zone is more than a day from UTC: an instant before this day is before the earliest date anywhere (and renders oddly in Intl).
  if (`${year}-${month}-${day}` < '1989-12-31') return `${text} is before ${EARLIEST_REVIEW_DATE}: not a real review date`
  return null
}
