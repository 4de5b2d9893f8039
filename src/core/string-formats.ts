/**
 * The string formats our schemas use, registered with TypeBox so validation never depends on
 * which library happened to register them first.
 */
import { FormatRegistry } from '@sinclair/typebox'
import { isCalendarDate } from './dates'

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/

FormatRegistry.Set('date', (value) => isCalendarDate(value))
FormatRegistry.Set('date-time', (value) => RFC3339.test(value) && isCalendarDate(value.slice(0, 10)) && !Number.isNaN(Date.parse(value)))
FormatRegistry.Set('uri', (value) => {
  try {
    return /^[a-z][a-z0-9+.-]*:/i.test(value) && Boolean(new URL(value))
  } catch {
    return false
  }
})
