/**
 * The Yelp Open Dataset's review file as Yelp publishes it: one JSON object per line with `review_id`,
 * `user_id`, `business_id`, `stars`, `useful`, `funny`, `cool`, `text` and `date` ("YYYY-MM-DD HH:MM:SS",
 * a local time). The dataset names no reviewer (only a `user_id`) and covers many businesses: a file
 * is one business's lines, and its reviews are published under a neutral author name.
 */
import { quote, type ImportProblem } from './errors'
import type { RawRecord } from './records'

/** Shown for every Yelp dataset review: the dataset has a user_id, never a name. */
export const YELP_REVIEWER = 'A Yelp user'

/** Review fields named as the dataset names them, so that a problem points at the key in the file. */
const YELP_FIELDS: Record<string, string> = { id: 'review_id', rating: 'stars', date: 'date', text: 'text' }

/** One review line of the dataset: its own keys, not ours. */
export function isYelpReview(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'review_id' in value && 'business_id' in value && 'stars' in value
}

/** Reads one file's lines: every line must be of the first line's business. */
export function yelpRecords(): (value: Record<string, unknown>, location: string) => RawRecord {
  let business: unknown
  let businessLine = ''
  return (value, baseLocation) => {
    const id = value.review_id
    const location = typeof id === 'string' && id !== '' ? `${baseLocation} (review ${quote(id, 40)})` : baseLocation
    const problems: ImportProblem[] = []
    if (business === undefined) {
      business = value.business_id
      businessLine = baseLocation
    } else if (value.business_id !== business)
      problems.push({
        location,
        field: 'business_id',
        reason: `is ${quote(value.business_id)}, another business than ${businessLine}'s ${quote(business)}: import one business's lines (grep its business_id)`,
      })
    return {
      location,
      fieldNames: YELP_FIELDS,
      problems,
      value: {
        id,
        rating: value.stars, // 5.0 in later releases of the dataset: JSON reads it as 5
        date: value.date,
        author: YELP_REVIEWER,
        text: value.text ?? '',
        technicians: [],
        services: [],
        service_area: null,
        source: 'yelp',
        verified: true,
        response: null,
        translation: null,
      },
    }
  }
}
