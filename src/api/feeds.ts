/** GET /api/feed.json (JSON Feed 1.1) and GET /feed.xml (Atom): the 50 newest reviews, both WebSub topics. */
import { Elysia } from 'elysia'
import type { Catalog } from '../catalog/catalog'
import { topicLinkHeader, type TopicPath } from '../feeds/websub-topics'
import type { ReadRouteOptions } from './read-options'
import { serveOptions, serveRepresentation } from '../http/representation'
import { asOpenApiSchema, notModified } from './openapi-parts'
import { JsonFeedSchema } from '../feeds/schema'

export function feedsRoutes(catalog: Catalog, options: ReadRouteOptions) {
  const topicOptions = (path: TopicPath) => serveOptions(options.cacheControl, { link: topicLinkHeader(options.baseUrl, path) })
  const byTopic = { 'api/feed.json': topicOptions('api/feed.json'), 'feed.xml': topicOptions('feed.xml') } as const
  const serveTopic = (request: Request, path: 'api/feed.json' | 'feed.xml') =>
    serveRepresentation(request, catalog.current.representations[path], byTopic[path])

  return new Elysia({ name: 'feeds' })
    .get('/api/feed.json', ({ request }) => serveTopic(request, 'api/feed.json'), {
      detail: {
        tags: ['Feeds'],
        summary: 'JSON Feed 1.1 of the 50 newest reviews',
        description:
          'Each item has id, url (the review permalink), title, content_text, date_published, authors, tags (service ids) and `_review` with the full record. A WebSub topic.',
        responses: {
          200: {
            description: 'JSON Feed 1.1 document.',
            content: { 'application/feed+json': { schema: asOpenApiSchema(JsonFeedSchema) } },
          },
          304: notModified,
        },
      },
    })
    .get('/feed.xml', ({ request }) => serveTopic(request, 'feed.xml'), {
      detail: {
        tags: ['Feeds'],
        summary: 'Atom feed of the 50 newest reviews',
        description: 'RFC 4287 Atom with rel="self" and rel="hub" links. A WebSub topic.',
        responses: {
          200: { description: 'Atom feed.', content: { 'application/atom+xml': { schema: { type: 'string' } } } },
          304: notModified,
        },
      },
    })
}
