/**
 * The string formats our schemas use, registered with TypeBox so validation never depends on
 * which library happened to register them first.
 */
import { FormatRegistry } from '@sinclair/typebox'
import { DefaultErrorFunction, SetErrorFunction, ValueErrorType } from '@sinclair/typebox/errors'
import { isCalendarDate, isKnownTimeZone } from './dates'

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
FormatRegistry.Set('time-zone', (value) => isKnownTimeZone(value))
// A link people and feed readers follow: javascript:, data: and file: URLs are refused.
FormatRegistry.Set('http-url', (value) => {
  try {
    const url = new URL(value)
    return /^https?:\/\//i.test(value) && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
})

/** Sentences for our own formats wherever TypeBox's own messages are shown (the import's business check). */
const FORMAT_REASONS: Record<string, string> = {
  'time-zone': 'must be an IANA time zone this runtime knows, e.g. America/Denver',
  'http-url': 'must be an http:// or https:// URL',
}
SetErrorFunction((error) => {
  const reason =
    error.errorType === ValueErrorType.StringFormat ? FORMAT_REASONS[(error.schema as { format?: string }).format ?? ''] : undefined
  return reason ? `${reason}; got ${JSON.stringify(error.value)}` : DefaultErrorFunction(error)
})
