/** Writes reviews in the CSV import format (RFC 4180; multi-valued fields joined by "|"). */
import type { StoredReview } from '../reviews/schema'
import { CSV_COLUMNS } from '../import/parsers'

export const CSV_HEADER = CSV_COLUMNS.join(',')

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

export function toCsvRow(review: StoredReview): string {
  return [
    review.id,
    String(review.rating),
    review.date,
    review.author,
    review.text,
    review.technicians.join('|'),
    review.services.join('|'),
    review.service_area ?? '',
    review.source,
    String(review.verified),
    review.response?.date ?? '',
    review.response?.text ?? '',
    review.language ?? '',
    review.translation?.language ?? '',
    review.translation?.text ?? '',
  ]
    .map(csvField)
    .join(',')
}
