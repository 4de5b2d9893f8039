/**
 * Google Business Profile reviews exactly as Google hands them out: API `reviews.list` pages
 * ({reviews, averageRating, totalReviewCount, nextPageToken}), several pages concatenated or in a
 * JSON array, `batchGetReviews` pages ({locationReviews: [{name, review}]}), and Takeout's reviews
 * files, which carry the same Review resource, often with `name` and no `reviewId`.
 */
import { lookupTable } from '../core/lookup-table'
import { quote, type ImportProblem } from './errors'
import type { RawRecord } from './records'

export type GooglePage = { label: string; value: Record<string, unknown> }

const STARS: Record<string, number> = lookupTable({ ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 })
/** What Google shows for a reviewer who chose to stay anonymous. */
export const ANONYMOUS_REVIEWER = 'A Google user'

/** Review fields named as Google names them, so a problem points at the key to look at in the file. */
const GOOGLE_FIELDS: Record<string, string> = {
  id: 'reviewId',
  rating: 'starRating',
  date: 'createTime',
  author: 'reviewer.displayName',
  text: 'comment',
  'response.date': 'reviewReply.updateTime',
  'response.text': 'reviewReply.comment',
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Looks like one Review resource: Google's own keys, not ours. */
export function isGoogleReview(value: unknown): boolean {
  if (!isObject(value)) return false
  if ('reviewId' in value || 'starRating' in value) return true
  return typeof value.name === 'string' && /\/reviews\/[^/]+$/.test(value.name) && isObject(value.reviewer)
}

/** The keys of a reviews.list or batchGetReviews page; any other top-level key of an export is ignored (and named). */
export const GOOGLE_PAGE_KEYS = ['reviews', 'averageRating', 'totalReviewCount', 'nextPageToken', 'locationReviews']

/** A reviews.list or batchGetReviews page (an empty page counts when it has Google's page keys). */
export function isGooglePage(value: unknown): value is Record<string, unknown> {
  if (!isObject(value)) return false
  if (Array.isArray(value.locationReviews)) return true
  if (!Array.isArray(value.reviews)) return false
  if (value.reviews.length === 0) return 'totalReviewCount' in value || 'averageRating' in value || 'nextPageToken' in value
  return value.reviews.some(isGoogleReview)
}

// Google writes its markers in the owner's interface language; the English ones are by far the most common.
const TRANSLATED = String.raw`\((?:Translated by Google|Übersetzt von Google|Traducido por Google|Traduit par Google|Tradotto da Google|Vertaald door Google|Traduzido pelo Google)\)`
const ORIGINAL = String.raw`\((?:Original|Originale|Origineel)\)`
const TRANSLATED_MARK = new RegExp(`(?:^|\\s)${TRANSLATED}[ \\t]*\\n?`)
const ORIGINAL_MARK = new RegExp(`(?:^|\\s)${ORIGINAL}[ \\t]*\\n?`)

/**
 * Google keeps both texts of a translated review in `comment`, in either order:
 * "(Translated by Google) T\n\n(Original)\nO", "(Original)\nO\n\n(Translated by Google)\nT", or
 * "O\n\n(Translated by Google)\nT". We keep what the customer wrote as the text.
 */
export function splitGoogleTranslation(comment: string): { text: string; translation: string | null } {
  const translated = TRANSLATED_MARK.exec(comment)
  const original = ORIGINAL_MARK.exec(comment)
  const after = (m: RegExpExecArray) => m.index + m[0].length
  if (translated && original) {
    if (translated.index < original.index) {
      return { text: comment.slice(after(original)).trim(), translation: comment.slice(after(translated), original.index).trim() || null }
    }
    return { text: comment.slice(after(original), translated.index).trim(), translation: comment.slice(after(translated)).trim() || null }
  }
  if (translated) {
    const before = comment.slice(0, translated.index).trim()
    // A translation with no original beside it: the translation is all there is to keep.
    if (before === '') return { text: comment.slice(after(translated)).trim(), translation: null }
    return { text: before, translation: comment.slice(after(translated)).trim() || null }
  }
  if (original) return { text: comment.slice(after(original)).trim(), translation: null }
  return { text: comment.trim(), translation: null }
}

/** The review id: `reviewId`, or else the last segment of `name` (accounts/…/locations/…/reviews/<id>). */
export function googleReviewId(review: Record<string, unknown>): unknown {
  if (review.reviewId !== undefined && review.reviewId !== '') return review.reviewId
  if (typeof review.name === 'string') {
    const match = /(?:^|\/)reviews\/([^/]+)$/.exec(review.name)
    if (match) return match[1]
  }
  return review.reviewId
}

/** What the pages say about the whole export: checked once all pages (of all files) are read. */
export type GooglePaging = { declaredTotal?: number; lastPageToken?: unknown }
export type GoogleExport = { records: RawRecord[]; problems: ImportProblem[]; paging: GooglePaging }

/** A word when the export looks incomplete: the import goes ahead, the user learns what is missing. */
export function googlePagingNotes(files: GooglePaging[], reviews: number): string[] {
  if (files.length === 0) return []
  const declared = Math.max(...files.map((f) => f.declaredTotal ?? 0))
  const token = files.at(-1)!.lastPageToken
  if (typeof token === 'string' && token !== '') {
    return [
      'the last page has a nextPageToken: Google had more reviews than this export holds; fetch the remaining pages to import them too',
    ]
  }
  if (declared > reviews)
    return [
      `Google counted ${declared} reviews (totalReviewCount) and the export holds ${reviews}; reviews Google filtered or removed are never exported`,
    ]
  return []
}

export function readGooglePages(pages: GooglePage[]): GoogleExport {
  const records: RawRecord[] = []
  const problems: ImportProblem[] = []
  let declaredTotal: number | undefined
  let lastToken: unknown
  for (const page of pages) {
    const prefix = page.label ? `${page.label}, ` : ''
    const { value } = page
    if (typeof value.totalReviewCount === 'number') declaredTotal = Math.max(declaredTotal ?? 0, value.totalReviewCount)
    lastToken = value.nextPageToken
    const items: { location: string; review: unknown }[] = Array.isArray(value.locationReviews)
      ? value.locationReviews.map((item: unknown, i: number) => ({
          location: `${prefix}locationReviews[${i}].review`,
          review: isObject(item) ? item.review : item,
        }))
      : (value.reviews as unknown[]).map((review, i) => ({ location: `${prefix}reviews[${i}]`, review }))
    for (const { location, review } of items) {
      if (!isObject(review)) {
        problems.push({ location, reason: 'must be a JSON object (a Google Review resource)' })
        continue
      }
      records.push(googleRecord(review, location))
    }
  }
  return { records, problems, paging: { declaredTotal, lastPageToken: lastToken } }
}

/** One Review resource as a raw record; `baseLocation` is where it is ("reviews[3]", "line 4"). */
export function googleRecord(review: Record<string, unknown>, baseLocation: string): RawRecord {
  const id = googleReviewId(review)
  const location = typeof id === 'string' && id !== '' ? `${baseLocation} (review ${quote(id, 40)})` : baseLocation
  const problems: ImportProblem[] = []
  const reviewer = isObject(review.reviewer) ? review.reviewer : {}
  const reply = isObject(review.reviewReply) ? review.reviewReply : undefined

  let rating: unknown = review.starRating
  if (typeof rating === 'string' && rating in STARS) rating = STARS[rating]
  else if (rating === 'STAR_RATING_UNSPECIFIED') {
    problems.push({
      location,
      field: 'starRating',
      reason: 'is STAR_RATING_UNSPECIFIED: Google gave this review no star rating; remove it from the file or give it ONE to FIVE',
    })
    rating = undefined
  } else if (rating === undefined) {
    problems.push({ location, field: 'starRating', reason: 'is required: ONE, TWO, THREE, FOUR or FIVE' })
  } else {
    problems.push({ location, field: 'starRating', reason: `must be ONE, TWO, THREE, FOUR or FIVE; got ${quote(rating)}` })
    rating = undefined
  }

  // A rating-only review has no comment: its text is empty, not missing.
  let text: unknown = review.comment ?? ''
  let translation: { text: string } | null = null
  if (typeof text === 'string') {
    const split = splitGoogleTranslation(text)
    text = split.text
    if (split.translation) translation = { text: split.translation }
  }

  // Google fills displayName with the real name only when isAnonymous is false; a missing name is a deleted or hidden profile.
  const named = reviewer.isAnonymous !== true && typeof reviewer.displayName === 'string' && reviewer.displayName.trim() !== ''
  const author = named ? reviewer.displayName : ANONYMOUS_REVIEWER

  let response: unknown = null
  if (reply) {
    const replyText = typeof reply.comment === 'string' ? splitGoogleTranslation(reply.comment).text : reply.comment
    response = { date: reply.updateTime, text: replyText }
  }

  return {
    location,
    fieldNames: GOOGLE_FIELDS,
    problems,
    value: {
      id,
      rating,
      date: review.createTime,
      author,
      text,
      technicians: [],
      services: [],
      service_area: null,
      source: 'google',
      verified: true,
      response,
      translation,
    },
  }
}
