/** The JSON Feed 1.1 document we publish, for the OpenAPI description (validated in tests against the official schema). */
import { Type } from '@sinclair/typebox'
import { Review } from '../reviews/schema'

const Author = Type.Object({ name: Type.String(), url: Type.Optional(Type.String({ format: 'uri' })) })

export const JsonFeedSchema = Type.Object(
  {
    version: Type.Literal('https://jsonfeed.org/version/1.1'),
    title: Type.String(),
    home_page_url: Type.String({ format: 'uri' }),
    feed_url: Type.String({ format: 'uri' }),
    description: Type.String(),
    language: Type.String(),
    authors: Type.Array(Author),
    hubs: Type.Array(Type.Object({ type: Type.Literal('WebSub'), url: Type.String({ format: 'uri' }) })),
    items: Type.Array(
      Type.Object({
        id: Type.String({ description: 'The review id.' }),
        url: Type.String({ format: 'uri', description: 'The review as a web page, /reviews/{id}.' }),
        external_url: Type.String({ format: 'uri', description: 'The review record as JSON, GET /api/reviews/{id}.' }),
        title: Type.String(),
        content_text: Type.String({ description: 'The review text, then the business’s reply if any.' }),
        date_published: Type.String({ format: 'date-time', description: 'Start of the review’s local day, in UTC.' }),
        authors: Type.Array(Author),
        tags: Type.Array(Type.String(), { description: 'Service ids.' }),
        language: Type.Optional(Type.String({ description: 'BCP 47 tag of the review text (JSON Feed 1.1 item language); absent when unknown.' })),
        _review: Review,
      }),
      { maxItems: 50, description: 'The 50 newest reviews, newest first.' },
    ),
  },
  { $id: 'JsonFeed' },
)
