/**
 * The review and business shapes of docs/CONTRACT.md, as TypeBox schemas.
 * These are the single source for validation, the OpenAPI document and MCP tool schemas.
 */
import { Type, type Static } from '@sinclair/typebox'
import '../core/string-formats'

export const IsoDate = Type.String({
  format: 'date',
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  description: 'Calendar date, YYYY-MM-DD (the business’s local date).',
  examples: ['2025-06-01'],
})

const Timestamp = Type.String({ format: 'date-time', description: 'RFC 3339 timestamp in UTC.' })

const OwnerResponse = Type.Object(
  { date: IsoDate, text: Type.String() },
  { $id: 'OwnerResponse', description: 'The business’s public reply to a review.' },
)

const LanguageTag = Type.String({
  pattern: '^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$',
  description: 'BCP 47 language tag, e.g. "en", "de", "pt-BR".',
  examples: ['en', 'de'],
})

const Translation = Type.Object(
  {
    language: Type.Union([LanguageTag, Type.Null()], { description: 'Language of the translated text; null when unknown.' }),
    text: Type.String({ description: 'The translation the source supplied.' }),
  },
  {
    $id: 'Translation',
    additionalProperties: false,
    description: 'A translation the source supplied (Google’s "(Translated by Google)"); the review’s text keeps the original.',
  },
)

export const Review = Type.Object(
  {
    id: Type.String({ description: 'Stable id, unchanged across imports.' }),
    rating: Type.Integer({ minimum: 1, maximum: 5, description: 'Star rating.' }),
    date: IsoDate,
    author: Type.String({ description: 'Display name as published, e.g. "Jane D."' }),
    text: Type.String({ description: 'Review text, sanitised (NFC, no control characters but tab and newline).' }),
    technicians: Type.Array(Type.String(), { description: 'Technicians mentioned, by roster name.' }),
    services: Type.Array(Type.String(), { description: 'Service ids mentioned.' }),
    service_area: Type.Union([Type.String(), Type.Null()], { description: 'Area of the job.' }),
    source: Type.String({ description: 'Where the review was collected: google, direct, ...' }),
    verified: Type.Literal(true, { description: 'Only verified reviews are ever published.' }),
    response: Type.Union([OwnerResponse, Type.Null()]),
    language: Type.Union([LanguageTag, Type.Null()], {
      description: 'BCP 47 tag of text, from the source or detected; null when unknown.',
    }),
    translation: Type.Union([Translation, Type.Null()]),
  },
  { $id: 'Review', additionalProperties: false },
)
export type Review = Static<typeof Review>

/**
 * A review as stored: unverified records are kept but never published. Records written before
 * language and translation existed lack them; they read as null (see reviewJson).
 */
export type StoredReview = Omit<Review, 'verified' | 'language' | 'translation'> & {
  verified: boolean
  language?: Review['language']
  translation?: Review['translation']
}

/** What an import writes: a Review that may be unverified. Every imported record is checked against it. */
export const ImportedReview = Type.Object({ ...Review.properties, verified: Type.Boolean() }, { additionalProperties: false })

const Address = Type.Object({
  street_address: Type.String(),
  locality: Type.String(),
  region: Type.String(),
  postal_code: Type.String(),
  country: Type.String({ description: 'ISO 3166-1 alpha-2 country code.' }),
})

const Service = Type.Object({
  id: Type.String({ pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', description: 'Service id, kebab-case.' }),
  name: Type.String(),
  aliases: Type.Optional(Type.Array(Type.String(), { description: 'Phrases that mention this service in review text.' })),
})

/** The languages the pages and the widget speak (their own words, dates and numbers). */
export const PAGE_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'pl', 'sv', 'da', 'nb'] as const
export type PageLanguage = (typeof PAGE_LANGUAGES)[number]

/** A BCP 47 tag whose language the pages speak: a language, then an optional script and region (`de`, `de-AT`, `pt-BR`). */
const Locale = Type.String({
  pattern: `^(?:${PAGE_LANGUAGES.join('|')})(?:-[A-Za-z]{4})?(?:-(?:[A-Za-z]{2}|[0-9]{3}))?$`,
  description: `BCP 47 language tag of one of the languages the pages speak (${PAGE_LANGUAGES.join(', ')}), e.g. de or de-AT`,
})

const Technician = Type.Object({ name: Type.String({ description: 'Full name as on the roster.' }) })

export const Business = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    url: Type.String({ format: 'http-url', description: 'The business website, an http(s) URL.' }),
    telephone: Type.String(),
    address: Address,
    timezone: Type.String({ format: 'time-zone', description: 'IANA time zone, e.g. America/Denver.' }),
    services: Type.Array(Service),
    technicians: Type.Array(Technician),
    service_areas: Type.Array(Type.String()),
    locale: Type.Optional(Locale),
  },
  { $id: 'Business' },
)
export type Business = Static<typeof Business>

/** The business as published: service aliases are matching data, not part of the public record. */
// The page locale is a setting of this service's pages, not part of the published record.
const { locale: _pageLocale, ...publishedProperties } = Business.properties
export const PublicBusiness = Type.Object(
  {
    ...publishedProperties,
    services: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  },
  { $id: 'PublicBusiness' },
)
export type PublicBusiness = Static<typeof PublicBusiness>

export function publicBusiness(business: Business): PublicBusiness {
  const { id, name, description, url, telephone, address, timezone, services, technicians, service_areas } = business
  return {
    id,
    name,
    description,
    url,
    telephone,
    address,
    timezone,
    services: services.map((s) => ({ id: s.id, name: s.name })),
    technicians: technicians.map((t) => ({ name: t.name })),
    service_areas,
  }
}

export const AggregateRating = Type.Object(
  {
    rating_value: Type.Number({ description: 'Mean star rating, 2 decimals.' }),
    review_count: Type.Integer({ minimum: 0 }),
    best_rating: Type.Literal(5),
    worst_rating: Type.Literal(1),
    distribution: Type.Object({
      '1': Type.Integer({ minimum: 0 }),
      '2': Type.Integer({ minimum: 0 }),
      '3': Type.Integer({ minimum: 0 }),
      '4': Type.Integer({ minimum: 0 }),
      '5': Type.Integer({ minimum: 0 }),
    }),
  },
  { $id: 'AggregateRating' },
)
export type AggregateRating = Static<typeof AggregateRating>

export const ReviewsDataset = Type.Object(
  {
    business: PublicBusiness,
    aggregate_rating: AggregateRating,
    updated_at: Timestamp,
    reviews: Type.Array(Review, { description: 'Every verified review, newest first (date desc, then id desc).' }),
  },
  { $id: 'ReviewsDataset' },
)
export type ReviewsDataset = Static<typeof ReviewsDataset>

export const ReviewList = Type.Object(
  {
    count: Type.Integer({ minimum: 0, description: 'Reviews in this response.' }),
    total: Type.Integer({ minimum: 0, description: 'Matches before limit.' }),
    reviews: Type.Array(Review, { description: 'Newest first.' }),
  },
  { $id: 'ReviewList' },
)
export type ReviewList = Static<typeof ReviewList>
