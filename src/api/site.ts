/**
 * The rest of the site for people and crawlers: `/developers` (feeds, API, MCP set-up and the widget, off the
 * shoppers' page), `/robots.txt` and `/sitemap.xml`. Each is rendered once per data version.
 */
import { Elysia } from 'elysia'
import type { Catalog } from '../catalog/catalog'
import type { Snapshot } from '../catalog/snapshot'
import { VersionCache } from '../catalog/version-cache'
import { CachedRepresentation, serveOptions, serveRepresentation } from '../http/representation'
import { lazyCodeRendering } from './code-rendering'
import { TOOL_NAMES } from '../mcp/tools'
import { developersCsp, renderDevelopersPage } from '../pages/developers'
import { PAGE_CSP } from '../pages/html'
import { renderRobots, renderSitemap, SITEMAP_MAX_URLS } from '../pages/site'
import { readResponses } from './openapi-parts'
import type { ReviewTable } from '../reviews/columns'
import type { ReadRouteOptions } from './read-options'

const textResponse = (type: string, description: string) => ({ description, content: { [type]: { schema: { type: 'string' as const } } } })

export function siteRoutes(catalog: Catalog, options: ReadRouteOptions) {
  const { baseUrl, cacheControl } = options
  const developersOptions = serveOptions(cacheControl, {
    'content-security-policy': developersCsp(PAGE_CSP),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  })
  const textOptions = serveOptions(cacheControl, { 'x-content-type-options': 'nosniff' })
  const robots = lazyCodeRendering(catalog, 'robots.txt', () => renderRobots(baseUrl), 'text/plain; charset=utf-8')
  // Two renderings per data version; a sitemap of 50,000 reviews is a few MB, so it is kept as a large entry.
  const cache = new VersionCache<CachedRepresentation>({
    entries: 2,
    bytes: 1 << 20,
    largeEntries: 1,
    sizeOf: (rep) => rep.byteLength,
  })
  const rendered = (snapshot: Snapshot, key: string, render: () => CachedRepresentation) => cache.memo(snapshot, key, render)

  return new Elysia({ name: 'site' })
    .get(
      '/developers',
      ({ request }) => {
        const snapshot = catalog.current
        const rep = rendered(snapshot, 'developers', () =>
          CachedRepresentation.text(
            renderDevelopersPage({
              baseUrl,
              business: snapshot.business,
              aggregate: snapshot.aggregate,
              toolNames: TOOL_NAMES,
            }),
            'text/html; charset=utf-8',
            snapshot.updatedAt,
          ),
        )
        return serveRepresentation(request, rep, developersOptions)
      },
      {
        detail: {
          tags: ['Pages'],
          operationId: 'getDevelopersPage',
          summary: 'Feeds, API, MCP set-up and the widget, for developers (HTML)',
          description: 'The embed code with live previews of both widget forms, the feeds and data files, and MCP client configuration.',
          responses: { ...readResponses(textResponse('text/html', 'The page.'), { cacheControl }) },
        },
      },
    )
    .get('/robots.txt', ({ request }) => serveRepresentation(request, robots(), textOptions), {
      detail: {
        tags: ['Pages'],
        operationId: 'getRobots',
        summary: 'Crawler rules',
        description: 'Pages may be crawled; the API, MCP and the widget may not. Names the sitemap.',
        responses: { ...readResponses(textResponse('text/plain', 'robots.txt.'), { cacheControl }) },
      },
    })
    .get(
      '/sitemap.xml',
      ({ request }) => {
        const snapshot = catalog.current
        const rep = rendered(snapshot, 'sitemap', () => {
          const table = snapshot.reviews
          const newest = table.length ? table.date(0) : undefined
          const pages = ['/', '/insights', '/developers', '/docs'].map((path) => ({
            path,
            lastModified: path === '/docs' ? undefined : newest,
          }))
          const reviews = reviewEntries(table, SITEMAP_MAX_URLS - pages.length)
          return CachedRepresentation.text(
            renderSitemap(baseUrl, [...pages, ...reviews]),
            'application/xml; charset=utf-8',
            snapshot.updatedAt,
          )
        })
        return serveRepresentation(request, rep, textOptions)
      },
      {
        detail: {
          tags: ['Pages'],
          operationId: 'getSitemap',
          summary: 'Sitemap of the pages (sitemaps.org 0.9)',
          description: 'The review page, insights, developers page, API docs and every review page (the newest 50,000).',
          responses: { ...readResponses(textResponse('application/xml', 'The sitemap.'), { cacheControl }) },
        },
      },
    )
}

/** The sitemap's review pages, newest first, at most `max`: read from the version's columns, no review parsed. */
function reviewEntries(table: ReviewTable, max: number): { path: string; lastModified: string }[] {
  return Array.from({ length: Math.max(0, Math.min(table.length, max)) }, (_, p) => ({
    path: `/reviews/${encodeURIComponent(table.id(p))}`,
    lastModified: table.columns.responseDate(p) ?? table.date(p),
  }))
}
