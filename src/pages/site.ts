/** What crawlers read: robots.txt and the sitemap of the pages for people. Pure text from plain data. */
import { esc } from './html'

/** The pages a person may land on from a search engine, with the day each last changed. */
export type SitemapEntry = { path: string; lastModified?: string }

/** At most this many URLs in one sitemap file (the sitemaps.org limit). */
export const SITEMAP_MAX_URLS = 50_000

/** Crawl the pages (the widget's page is its own canonical, whatever its options); leave the API and MCP to programs. */
export function renderRobots(baseUrl: string): string {
  return ['User-agent: *', 'Disallow: /api/', 'Disallow: /mcp', 'Allow: /', '', `Sitemap: ${baseUrl}/sitemap.xml`, ''].join('\n')
}

export function renderSitemap(baseUrl: string, entries: SitemapEntry[]): string {
  const urls = entries
    .slice(0, SITEMAP_MAX_URLS)
    .map((e) => `<url><loc>${esc(baseUrl + e.path)}</loc>${e.lastModified ? `<lastmod>${esc(e.lastModified)}</lastmod>` : ''}</url>`)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}
