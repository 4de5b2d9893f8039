/** The insights dataset of CONTRACT.md, as TypeBox schemas (GET /insights.json, MCP get_insights). */
import { Type, type Static } from '@sinclair/typebox'
import '../core/string-formats'

const Count = Type.Integer({ minimum: 0 })

export const SentimentSplit = Type.Object(
  { positive: Count, negative: Count, neutral: Count },
  { description: 'How many of the counted reviews were positive, negative or neutral about it.' },
)

/** Where a figure leads: the search that lists exactly the reviews it counts (links.ts builds them). */
const SearchUrl = Type.String({
  description:
    'The search listing exactly the reviews counted in this figure: GET /api/reviews/search with the matching filters, as a URL relative to ' +
    'the service (resolve it against the address insights.json was fetched from); its `total` equals the count.',
})

const Example = Type.Object({
  review_id: Type.String(),
  excerpt: Type.String({ description: 'The clause that mentions it, whose own sentiment is the one given here.' }),
  sentiment: Type.Union([Type.Literal('positive'), Type.Literal('negative'), Type.Literal('neutral')]),
})

export const AspectInsight = Type.Object({
  id: Type.String({
    description:
      'One of the seven defaults (punctuality, price, professionalism, quality, communication, cleanliness, speed) or an aspect id the business defined in business.json.',
  }),
  label: Type.String(),
  mention_count: Type.Integer({
    minimum: 0,
    description: 'Analysed reviews that mention the aspect (English text or an English translation).',
  }),
  sentiment: SentimentSplit,
  score: Type.Number({ minimum: -1, maximum: 1, description: 'Mean sentiment score of those mentions, -1 to 1.' }),
  trend: Type.Array(
    Type.Object({
      period: Type.String({ description: 'Calendar quarter, e.g. 2026-Q3.' }),
      mention_count: Count,
      score: Type.Number(),
      search_url: { ...SearchUrl, description: 'The search behind `mention_count`: the aspect in that quarter.' },
    }),
    { description: 'Per quarter, oldest first.' },
  ),
  examples: Type.Array(Example, { description: 'Most recent clear positive and negative mentions.' }),
  search_urls: Type.Object(
    { all: SearchUrl, positive: SearchUrl, negative: SearchUrl, neutral: SearchUrl },
    {
      description:
        'The searches behind `mention_count` (all) and each split of `sentiment`; with `aspect` the search also gives each review’s mentions (clause, sentiment, cues).',
    },
  ),
})

const EntityFigures = {
  mention_count: Type.Integer({ minimum: 0, description: 'Reviews that mention it.' }),
  average_rating: Type.Union([Type.Number(), Type.Null()], { description: 'Mean star rating of those reviews (2 decimals).' }),
  sentiment: SentimentSplit,
  review_ids: Type.Array(Type.String(), { description: 'Up to 5 most recent reviews that mention it.' }),
  search_url: SearchUrl,
}

export const TechnicianInsight = Type.Object({
  name: Type.String(),
  ...EntityFigures,
  aspects: Type.Array(Type.Object({ id: Type.String(), mention_count: Count, score: Type.Number() }), {
    description: 'Aspects raised in this technician’s reviews, most mentioned first.',
  }),
})
export const ServiceInsight = Type.Object({ id: Type.String(), name: Type.String(), ...EntityFigures })
export const AreaInsight = Type.Object({ name: Type.String(), ...EntityFigures })

export const TopicInsight = Type.Object({
  phrase: Type.String({
    description:
      'A noun phrase or named thing that recurs in distinct reviews ("water heater", "same-day service"), ranked by how characteristic it is of this business against general review language.',
  }),
  mention_count: Type.Integer({ minimum: 0, description: 'Distinct analysed reviews that use the phrase.' }),
  sentiment: Type.Object(
    { positive: Count, negative: Count, neutral: Count },
    { description: 'Per review, the sentiment of the clauses the phrase occurs in (not the star rating).' },
  ),
  review_ids: Type.Array(Type.String(), { description: 'Up to 5 most recent reviews that use it.' }),
  search_url: SearchUrl,
  search_urls: Type.Object(
    { positive: SearchUrl, negative: SearchUrl, neutral: SearchUrl },
    { description: 'The searches behind each split of `sentiment` (`topic` with `sentiment`).' },
  ),
})

export const RatingFigures = Type.Object(
  {
    average: Type.Union([Type.Number(), Type.Null()], {
      description: 'Mean star rating of the published reviews (2 decimals); null when there are none.',
    }),
    distribution: Type.Object({ '1': Count, '2': Count, '3': Count, '4': Count, '5': Count }, { description: 'Reviews per star rating.' }),
    replied: Type.Integer({ minimum: 0, description: 'Reviews with a public reply from the business.' }),
  },
  { description: 'The rating figures the summary and FAQ quote.' },
)

export const LanguageFigures = Type.Object(
  {
    counts: Type.Record(Type.String(), Count, {
      description:
        'Reviews per stored `language`, by primary BCP 47 subtag ("en", "de"), most first: each equals the `total` of a search with that `language`. Reviews without a stored language are `unknown_language`, not here.',
    }),
    unknown_language: Type.Integer({ minimum: 0, description: 'Reviews whose stored language is null (no text, or not detected).' }),
    with_text: Type.Integer({ minimum: 0, description: 'Reviews with text (the others are star ratings alone).' }),
    analysed: Type.Integer({
      minimum: 0,
      description:
        'Reviews with text read for aspects and topics: English text, or an English translation supplied by the source (a text of unknown language is read when its words are English).',
    }),
    translated: Type.Integer({ minimum: 0, description: 'Of those, reviews read through the English translation their source supplied.' }),
  },
  {
    description:
      'Only English is read as English: reviews in other languages without an English translation are counted here and left out of aspects and topics.',
  },
)

export const FaqEntry = Type.Object({
  question: Type.String(),
  answer: Type.String({ description: 'Answered from the figures above; every number in it appears there.' }),
  review_ids: Type.Array(Type.String(), { description: 'The reviews behind the answer.' }),
})

const SidedSplit = Type.Object({ positive: Count, negative: Count }, { description: 'Reviews positive and negative about it.' })

export const OwnerPeriod = Type.Object({
  since: Type.String({ format: 'date', description: 'First day of the period (YYYY-MM-DD).' }),
  until: Type.String({ format: 'date', description: 'Last day of the period, inclusive.' }),
  review_count: Count,
  average_rating: Type.Union([Type.Number(), Type.Null()], { description: 'Mean star rating (2 decimals); null without reviews.' }),
  low_rating_count: Type.Integer({ minimum: 0, description: 'Reviews of 1 or 2 stars.' }),
  low_rating_share: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], {
    description: 'Share of reviews of 1 or 2 stars, 0 to 1 (2 decimals); null without reviews.',
  }),
  search: Type.String({ description: 'The API search listing the reviews of the period.' }),
  page: Type.String({ description: 'The reviews page listing them.' }),
})

export const OwnerWindow = Type.Object({
  days: Type.Integer({ minimum: 1, description: 'Length of each period in days (30 or 90).' }),
  current: OwnerPeriod,
  previous: OwnerPeriod,
  aspects: Type.Array(Type.Object({ id: Type.String(), label: Type.String(), current: SidedSplit, previous: SidedSplit }), {
    description:
      'Per aspect, reviews positive and negative about it in each period; only aspects with at least 3 such reviews in one of the two.',
  }),
})

export const UnansweredReview = Type.Object({
  id: Type.String(),
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  date: Type.String({ format: 'date' }),
  author: Type.String(),
  excerpt: Type.String({ description: 'The start of the review text (customer-written), at most 160 characters.' }),
  permalink: Type.String({ description: 'The review record: /api/reviews/{id}.' }),
  page: Type.String({ description: 'The review page: /reviews/{id}.' }),
})

export const OwnerView = Type.Object(
  {
    as_of: Type.Union([Type.String({ format: 'date' }), Type.Null()], {
      description:
        'The newest review date, which the periods end on (not the clock: the same reviews give the same figures on any day); null without reviews.',
    }),
    periods: Type.Array(OwnerWindow, { description: 'The last 30 and the last 90 days, each against the period before.' }),
    unanswered: Type.Object({
      max_rating: Type.Integer({ minimum: 1, maximum: 5, description: 'Reviews of at most this many stars count (2).' }),
      count: Type.Integer({ minimum: 0, description: 'Every review of 1-2 stars without a reply from the business.' }),
      search: Type.String({ description: 'The API search listing all of them.' }),
      reviews: Type.Array(UnansweredReview, { description: 'Newest first, the first 50.' }),
    }),
  },
  { description: 'What an owner checks first: recent periods against the ones before, and unhappy reviews still unanswered.' },
)
/** A set of reviews as links.ts encodes it: see CountedReviews. */
const Positions = Type.String({ pattern: '^[0-9a-z.]*$' })

export const CountedReviews = Type.Object(
  {
    aspects: Type.Record(Type.String(), Type.Object({ positive: Positions, negative: Positions, neutral: Positions })),
    topics: Type.Record(Type.String(), Type.Object({ positive: Positions, negative: Positions, neutral: Positions })),
  },
  {
    description:
      'Which reviews each aspect split and topic counts, for the service’s own search (clients follow `search_url` instead): positions in the ' +
      'newest-first `reviews` of the reviews.json these insights were computed from, ascending, each written as its gap from the previous one ' +
      'minus one, in base 36, separated by dots ("0.4" is positions 0 and 5).',
  },
)
export type CountedReviews = Static<typeof CountedReviews>

export const Insights = Type.Object(
  {
    generated_at: Type.String({ format: 'date-time' }),
    review_count: Count,
    ratings: RatingFigures,
    languages: LanguageFigures,
    summary: Type.String({ description: 'Editorial summary in plain prose, generated from the figures.' }),
    aspects: Type.Array(AspectInsight),
    entities: Type.Object({
      technicians: Type.Array(TechnicianInsight),
      services: Type.Array(ServiceInsight),
      service_areas: Type.Array(AreaInsight),
    }),
    topics: Type.Array(TopicInsight),
    faq: Type.Array(FaqEntry),
    owner: OwnerView,
    counted_reviews: CountedReviews,
  },
  {
    $id: 'Insights',
    description:
      'Computed by the service from the published reviews, recomputed when they change. Aspect sentiment is read clause by clause from the English text ' +
      '(or the English translation the source supplied); ' +
      'entity sentiment is by star rating (4-5 positive, 3 neutral, 1-2 negative).',
  },
)
export type Insights = Static<typeof Insights>
export type AspectInsight = Static<typeof AspectInsight>
export type OwnerView = Static<typeof OwnerView>
export type OwnerWindow = Static<typeof OwnerWindow>
export type OwnerPeriod = Static<typeof OwnerPeriod>
export type UnansweredReview = Static<typeof UnansweredReview>

/** Why a review is counted under an aspect (the search's `evidence`, see evidence.ts). */
const Polarity = Type.Union([Type.Literal('positive'), Type.Literal('negative'), Type.Literal('neutral')])

export const AspectEvidence = Type.Object(
  {
    review_id: Type.String(),
    aspect: Type.String(),
    sentiment: {
      ...Polarity,
      description: 'The review’s feeling about the aspect: its mentions’ scores summed (within -1..1); the split that counts it.',
    },
    score: Type.Number({ minimum: -1, maximum: 1 }),
    mentions: Type.Array(
      Type.Object({
        clause: Type.String({ description: 'The clause of the review (or of its English translation) that mentions the aspect.' }),
        sentiment: { ...Polarity, description: 'The clause’s own sentiment about the aspect.' },
        score: Type.Number({ minimum: -1, maximum: 1 }),
        cues: Type.Array(Type.String(), {
          description: 'The words that fired (a lexicon phrase, "(learned)" for the learned component).',
        }),
      }),
      { description: 'Every mention of the aspect in the review, in reading order.' },
    ),
  },
  { description: 'Why one review is counted under the aspect.' },
)
export type AspectEvidence = Static<typeof AspectEvidence>
