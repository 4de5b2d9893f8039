/** GET /.well-known/openapi.json (OpenAPI 3.1.0) via @elysiajs/openapi, and the offline docs page at /docs. */
import { openapi } from '@elysiajs/openapi'
import type { Config } from '../config'

export const API_VERSION = '1.0.0'

export function openapiRoutes(config: Config, _root: () => { routes: unknown[] }) {
  return openapi({
    path: '/docs',
    specPath: '/.well-known/openapi.json',
    provider: null,
    openapiVersion: '3.1.0',
    exclude: { staticFile: false, paths: ['/docs', '/.well-known/openapi.json'] },
    documentation: {
      info: {
        title: 'Reviews Service',
        version: API_VERSION,
        description:
          'Verified customer reviews of one local business, with aspect-based insights, feeds, an MCP server and a WebSub hub. ' +
          'Every endpoint is public and read-only; an Authorization header is ignored.',
      },
      servers: [{ url: config.baseUrl }],
      tags: [
        { name: 'Datasets', description: 'Full datasets as JSON.' },
        { name: 'Reviews', description: 'Search, since-listing and permalinks.' },
        { name: 'Feeds', description: 'JSON Feed 1.1 and Atom of the newest reviews.' },
        { name: 'Operations', description: 'Health and metrics.' },
      ],
    },
  })
}
