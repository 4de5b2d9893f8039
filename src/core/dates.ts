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

/**
 * The UTC instant at which a local calendar date begins in an IANA time zone. Temporal knows the
 * zone's rules: a day whose midnight does not exist (DST starting at 00:00) begins at its first
 * existing instant, and years below 100 stay years.
 */
export function startOfLocalDay(date: string, timeZone: string): Date {
  return new Date(Temporal.PlainDate.from(date).toZonedDateTime({ timeZone }).epochMilliseconds)
}
