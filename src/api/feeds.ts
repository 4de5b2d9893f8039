/** The reads of the feeds: GET /api/feed.json (JSON Feed 1.1) and GET /feed.xml (Atom), the 50 newest reviews, both WebSub topics. */
import { JsonFeedSchema } from '../feeds/schema'
import { asOpenApiSchema } from './openapi-parts'
import { READ_METHODS, type ReadContext, type ReadRoute } from './read-route'

export function feedsReads({ catalog }: ReadContext): ReadRoute[] {
  return [
    {
      path: '/api/feed.json',
      methods: READ_METHODS,
      cache: { topic: 'api/feed.json' },
      read: () => catalog.current.representations['api/feed.json'],
      doc: {
        tags: ['Feeds'],
        operationId: 'getJsonFeed',
        summary: 'JSON Feed 1.1 of the 50 newest reviews',
        description:
          'Each item has id (the review id), url (the review permalink), title, summary, content_text, date_published, date_modified ' +
          '(moves when the owner reply is added or changed), authors, tags (service ids) and `_review` with the full record. A WebSub topic.',
        ok: { description: 'JSON Feed 1.1 document.', content: { 'application/feed+json': { schema: asOpenApiSchema(JsonFeedSchema) } } },
      },
    },
    {
      path: '/feed.xml',
      methods: READ_METHODS,
      cache: { topic: 'feed.xml' },
      read: () => catalog.current.representations['feed.xml'],
      doc: {
        tags: ['Feeds'],
        operationId: 'getAtomFeed',
        summary: 'Atom feed of the 50 newest reviews',
        description:
          'RFC 4287 Atom. Feed links in this order: the service’s review page `{base_url}/` (rel="alternate"), rel="self", rel="hub". Feed and entry ids are ' +
          '`urn:uuid:` (UUID v5 of the business id, and of business id + review id): they never change, whatever BASE_URL is. Each entry has ' +
          'a text `summary`, `published` (within the first hour of the review’s local day, in feed order within a day) and a distinct `updated` that moves when the owner ' +
          'reply is added or changed. A WebSub topic.',
        ok: { description: 'Atom feed.', content: { 'application/atom+xml': { schema: { type: 'string' } } } },
      },
    },
  ]
}
