/** The insights dataset of CONTRACT.md, as TypeBox schemas (GET /insights.json, MCP get_insights). */
import { Type, type Static } from '@sinclair/typebox'
import '../core/string-formats'

const Count = Type.Integer({ minimum: 0 })

export const SentimentSplit = Type.Object(
  { positive: Count, negative: Count, neutral: Count },
  { description: 'How many of the counted reviews were positive, negative or neutral about it.' },
)

const Example = Type.Object({
  review_id: Type.String(),
  excerpt: Type.String({ description: 'The clause that mentions it.' }),
  sentiment: Type.Union([Type.Literal('positive'), Type.Literal('negative'), Type.Literal('neutral')]),
})

export const AspectInsight = Type.Object({
  id: Type.String({ description: 'punctuality, price, professionalism, quality, communication, cleanliness or speed.' }),
  label: Type.String(),
  mention_count: Type.Integer({ minimum: 0, description: 'Reviews that mention the aspect.' }),
  sentiment: SentimentSplit,
  score: Type.Number({ minimum: -1, maximum: 1, description: 'Mean sentiment score of those mentions, -1 to 1.' }),
  trend: Type.Array(
    Type.Object({ period: Type.String({ description: 'Calendar quarter, e.g. 2026-Q3.' }), mention_count: Count, score: Type.Number() }),
    { description: 'Per quarter, oldest first.' },
  ),
  examples: Type.Array(Example, { description: 'Most recent clear positive and negative mentions.' }),
})

const EntityFigures = {
  mention_count: Type.Integer({ minimum: 0, description: 'Reviews that mention it.' }),
  average_rating: Type.Union([Type.Number(), Type.Null()], { description: 'Mean star rating of those reviews (2 decimals).' }),
  sentiment: SentimentSplit,
  review_ids: Type.Array(Type.String(), { description: 'Up to 5 most recent reviews that mention it.' }),
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
  phrase: Type.String({ description: 'A recurring phrase beyond the fixed aspects.' }),
  mention_count: Count,
  sentiment: SentimentSplit,
  review_ids: Type.Array(Type.String()),
})

export const FaqEntry = Type.Object({
  question: Type.String(),
  answer: Type.String({ description: 'Answered from the figures above; every number in it appears there.' }),
  review_ids: Type.Array(Type.String(), { description: 'The reviews behind the answer.' }),
})

export const Insights = Type.Object(
  {
    generated_at: Type.String({ format: 'date-time' }),
    review_count: Count,
    summary: Type.String({ description: 'Editorial summary in plain prose, generated from the figures.' }),
    aspects: Type.Array(AspectInsight),
    entities: Type.Object({
      technicians: Type.Array(TechnicianInsight),
      services: Type.Array(ServiceInsight),
      service_areas: Type.Array(AreaInsight),
    }),
    topics: Type.Array(TopicInsight),
    faq: Type.Array(FaqEntry),
  },
  {
    $id: 'Insights',
    description:
      'Computed by the service from the published reviews, recomputed when they change. Aspect sentiment is read clause by clause from the text; ' +
      'entity sentiment is by star rating (4-5 positive, 3 neutral, 1-2 negative).',
  },
)
export type Insights = Static<typeof Insights>
export type AspectInsight = Static<typeof AspectInsight>
