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
        title: Type.String({ description: 'Stars, rating and author: "★★★★★ 5/5 from Jane D."' }),
        summary: Type.String({
          description: 'The start of the review text (at most 200 characters, cut at a word, then "…"); the title when there is no text.',
        }),
        content_text: Type.String({ description: 'The review text, then the business’s reply if any.' }),
        date_published: Type.String({
          format: 'date-time',
          description:
            'Within the first hour of the review’s local day, in UTC; the reviews of one day are stamped apart in feed order (newest first), so readers that sort by time keep the order.',
        }),
        date_modified: Type.String({
          format: 'date-time',
          description:
            'date_published, or, once the business has replied, an instant derived from the reply (before the next newer review of the same day for a reply of the review’s own day, else within the first hour of the reply’s day): it moves when a reply is added or changed. Distinct across items.',
        }),
        authors: Type.Array(Author),
        tags: Type.Array(Type.String(), { description: 'Service ids.' }),
        language: Type.Optional(
          Type.String({ description: 'BCP 47 tag of the review text (JSON Feed 1.1 item language); absent when unknown.' }),
        ),
        _review: Review,
      }),
      { maxItems: 50, description: 'The 50 newest reviews, newest first.' },
    ),
  },
  { $id: 'JsonFeed' },
)
