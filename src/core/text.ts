/** Text normalisation shared by import, storage and search. */

// C0 and C1 controls, DEL, but not tab (\x09) or newline (\x0A).
const CONTROL_CHARS = /[\x00-\x08\x0B-\x1F\x7F-\x9F]/g
const COMBINING_MARKS = /\p{M}+/gu

/** NFC, well-formed UTF-16 (lone surrogates become U+FFFD), CRLF -> LF, no controls but \t and \n. */
export function sanitizeText(input: string): string {
  return input.toWellFormed().replace(/\r\n?/g, '\n').replace(CONTROL_CHARS, '').normalize('NFC')
}

/** The form both the search index and search queries are compared in: no accents, lower case. */
export function foldForSearch(input: string): string {
  return input.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase().normalize('NFC')
}
