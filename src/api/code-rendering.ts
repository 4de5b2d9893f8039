/**
 * Resources rendered from the code and settings alone (robots.txt, the widget script, the OpenAPI document and
 * its page): their Last-Modified is when these bytes were first served from the database, so it moves only when
 * the bytes do (CONTRACT.md), and a restart or a replica on a copy says the same.
 */
import type { Catalog } from '../catalog/catalog'
import { CachedRepresentation, etagOf } from '../http/representation'

const encoder = new TextEncoder()

export function codeRendering(catalog: Catalog, name: string, text: string, contentType: string): CachedRepresentation {
  const body = encoder.encode(text)
  return new CachedRepresentation(body, contentType, catalog.firstServed(name, etagOf(body)))
}

/** The same, made on first use: the database is read (and written once) when the resource is first asked for, not at start. */
export function lazyCodeRendering(catalog: Catalog, name: string, text: () => string, contentType: string): () => CachedRepresentation {
  let made: CachedRepresentation | undefined
  return () => (made ??= codeRendering(catalog, name, text(), contentType))
}
