/** GET /api/feed.json (JSON Feed 1.1) and GET /feed.xml (Atom): the 50 newest reviews, both WebSub topics. */
import { Elysia } from 'elysia'
import type { Catalog } from '../catalog/catalog'
import { topicLinkHeader, type TopicPath } from '../feeds/websub-topics'
import type { ReadRouteOptions } from './read-options'
import { serveOptions, serveRepresentation } from '../http/representation'
import { asOpenApiSchema, readResponses, topicLinkHeaders } from './openapi-parts'
import { JsonFeedSchema } from '../feeds/schema'

export function feedsRoutes(catalog: Catalog, options: ReadRouteOptions) {
  const topicOptions = (path: TopicPath) =>
    serveOptions(options.cacheControl, { link: topicLinkHeader(options.baseUrl, path, options.externalHubs) })
  const byTopic = { 'api/feed.json': topicOptions('api/feed.json'), 'feed.xml': topicOptions('feed.xml') } as const
  const documented = { cacheControl: options.cacheControl, headers: topicLinkHeaders(options.externalHubs) }
  const serveTopic = (request: Request, path: 'api/feed.json' | 'feed.xml') =>
    serveRepresentation(request, catalog.current.representations[path], byTopic[path])

  return new Elysia({ name: 'feeds' })
    .get('/api/feed.json', ({ request }) => serveTopic(request, 'api/feed.json'), {
      detail: {
        tags: ['Feeds'],
        operationId: 'getJsonFeed',
        summary: 'JSON Feed 1.1 of the 50 newest reviews',
        description:
          'Each item has id (the review id), url (the review permalink), title, summary, content_text, date_published, date_modified ' +
          '(moves when the owner reply is added or changed), authors, tags (service ids) and `_review` with the full record. A WebSub topic.',
        responses: readResponses(
          { description: 'JSON Feed 1.1 document.', content: { 'application/feed+json': { schema: asOpenApiSchema(JsonFeedSchema) } } },
          documented,
        ),
      },
    })
    .get('/feed.xml', ({ request }) => serveTopic(request, 'feed.xml'), {
      detail: {
        tags: ['Feeds'],
        operationId: 'getAtomFeed',
        summary: 'Atom feed of the 50 newest reviews',
        description:
          'RFC 4287 Atom. Feed links in this order: the service’s review page `{base_url}/` (rel="alternate"), rel="self", rel="hub". Feed and entry ids are ' +
          '`urn:uuid:` (UUID v5 of the business id, and of business id + review id): they never change, whatever BASE_URL is. Each entry has ' +
          'a text `summary`, `published` (within the first hour of the review’s local day, in feed order within a day) and a distinct `updated` that moves when the owner ' +
          'reply is added or changed. A WebSub topic.',
        responses: readResponses(
          { description: 'Atom feed.', content: { 'application/atom+xml': { schema: { type: 'string' } } } },
          documented,
        ),
      },
    })
}
