/**
 * One declaration per read endpoint: its path, methods, how it reads its representation out of the
 * current data version, its cache policy and its OpenAPI description. From that one `ReadRoute`,
 * read-routes.ts derives the framework's route (validation errors, the OpenAPI document, app.handle)
 * and fast-reads.ts the runtime's native route (the hot path): both call the same `read` and serve its
 * answer the same way, so a hot read cannot drift from its framework twin.
 */
import type { TObject } from '@sinclair/typebox'
import type { OpenAPIV3 } from 'openapi-types'
import type { Catalog } from '../catalog/catalog'
import { topicLinkHeader, type TopicPath } from '../feeds/websub-topics'
import { type CachedRepresentation, type ServeOptions, serveOffLoop, serveOptions, serveRepresentation } from '../http/representation'
import type { ReviewSearch } from '../reviews/search'
import { readResponses, topicLinkHeaders } from './openapi-parts'
import type { ReadRouteOptions } from './read-options'

/** What the declarations read from: the current data version, the search over it, the shared settings. */
export type ReadContext = { catalog: Catalog; search: ReviewSearch; read: ReadRouteOptions }

/** How a route's representation is served (and documented). */
export type CachePolicy = {
  /** A WebSub topic: every response carries `Link: <hub>; rel="hub", <topic>; rel="self"`. */
  topic?: TopicPath
  /** Bodies can be large: a coding not yet computed is compressed on the thread pool, off the event loop. */
  large?: boolean
  /** The first answer of a version may wait for a computation: the idle timeout must not cut the request. */
  slow?: boolean
}

/** The OpenAPI description of a read: the 200 body, further responses and parameters (bounds included). */
export type ReadDoc = {
  tags: string[]
  operationId: string
  summary: string
  description: string
  ok: OpenAPIV3.ResponseObject
  /** Further responses (400, 404); 304, 412, 405 and 500 are added for every read. */
  more?: Record<string, OpenAPIV3.ResponseObject>
  query?: object[]
  path?: Record<string, { description: string; schema: object }>
}

export type ReadRoute = {
  /** The path as the routers write it, `:name` for a path parameter. */
  path: string
  /** Every read answers GET and HEAD (HEAD: the same headers, no body); other methods are 405 with Allow. */
  methods: readonly ['GET', 'HEAD']
  /** Path parameters, as strings (the read checks them itself, with its own error codes). */
  params?: TObject
  cache: CachePolicy
  /**
   * The representation to serve, from `catalog.current`. Invalid input is an HttpError thrown here: the
   * framework turns it into the JSON error; the native route hands such a request to the framework.
   */
  read(request: Request, params: Record<string, string>): CachedRepresentation | Promise<CachedRepresentation>
  doc: ReadDoc
  /**
   * `read` answers while a starting server still builds its first version (Catalog.hasVersion false) without
   * building it on the event loop; the native route of any other read waits for the version first.
   */
  beforeFirstVersion?: true
}

export const READ_METHODS = ['GET', 'HEAD'] as const

/** The idle timeout the runtime allows at most (s): a request waiting for insights must not be cut while it waits. */
const WAITING_TIMEOUT_S = 255

/** What serving uses of the runtime's server: a per-request idle timeout. */
export type ServerTimeouts = { timeout(request: Request, seconds: number): void }

/** A route's `read` bound to its serving: both routers call the function this returns. */
export function readHandler(
  route: ReadRoute,
  options: ReadRouteOptions,
): (request: Request, params: Record<string, string>, server?: ServerTimeouts | null) => Response | Promise<Response> {
  const serving: ServeOptions = serveOptions(
    options.cacheControl,
    route.cache.topic ? { link: topicLinkHeader(options.baseUrl, route.cache.topic, options.externalHubs) } : undefined,
  )
  const serve = route.cache.large
    ? (request: Request, rep: CachedRepresentation) => serveOffLoop(request, rep, serving)
    : (request: Request, rep: CachedRepresentation) => serveRepresentation(request, rep, serving)
  // A body in pieces (a data version's reviews.json, a large route: serveOffLoop joins it only for a response that
  // sends it) is joined off the event loop, never here.
  const respond = (request: Request, rep: CachedRepresentation) =>
    rep.isWhole || route.cache.large ? serve(request, rep) : rep.whole().then(() => serve(request, rep))
  return (request, params, server) => {
    const rep = route.read(request, params)
    if (!(rep instanceof Promise)) return respond(request, rep)
    if (route.cache.slow) server?.timeout(request, WAITING_TIMEOUT_S)
    return rep.then((ready) => respond(request, ready))
  }
}

/** The route's `detail` for the OpenAPI generator. */
export function readDetail(route: ReadRoute, options: ReadRouteOptions): Record<string, unknown> {
  const { ok, more, query, path, ...doc } = route.doc
  return {
    ...doc,
    // The generator drops `parameters` on a route with a params schema: openapi.ts adds these instead.
    ...(query ? { 'x-query-parameters': query } : {}),
    ...(path ? { 'x-path-parameters': path } : {}),
    responses: readResponses(ok, {
      cacheControl: options.cacheControl,
      headers: route.cache.topic ? topicLinkHeaders(options.externalHubs) : undefined,
      more,
    }),
  }
}
