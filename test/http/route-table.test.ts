/**
 * The read table (src/api/read-routes.ts) is the one declaration of every read: the runtime's native
 * routes, the framework's routes and the OpenAPI document are derived from it and must each carry
 * every entry, and nothing else on the native router.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { ReadRoute } from '../../src/api/read-route'
import { readRoutes } from '../../src/api/read-routes'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer
let doc: { paths: Record<string, Record<string, { operationId?: string }>> }
let table: ReadRoute[]
beforeAll(async () => {
  server = await startTestServer()
  doc = (await (await fetch(`${server.url}/.well-known/openapi.json`)).json()) as typeof doc
  table = readRoutes({ catalog: server.service.catalog, search: server.service.search, read: { cacheControl: '', baseUrl: '' } })
})
afterAll(() => server.stop())

type Derived = {
  native: Record<string, Record<string, unknown>>
  framework: { method: string; path: string }[]
  paths: typeof doc.paths
}

const openApiPath = (path: string) => path.replace(/:([^/]+)/g, '{$1}')

/** Every way a derived list can disagree with the table, as sentences (empty when they agree). */
function disagreements(routes: ReadRoute[], { native, framework, paths }: Derived): string[] {
  const problems: string[] = []
  for (const route of routes) {
    for (const method of route.methods) {
      if (typeof native[route.path]?.[method] !== 'function') problems.push(`${method} ${route.path} is missing from the native routes`)
      const operation = paths[openApiPath(route.path)]?.[method.toLowerCase()]
      if (!operation) problems.push(`${method} ${route.path} is missing from the OpenAPI document`)
    }
    if (!framework.some((r) => r.method === 'GET' && r.path === route.path))
      problems.push(`GET ${route.path} is missing from the framework`)
    const documented = paths[openApiPath(route.path)]?.get?.operationId
    if (documented !== undefined && documented !== route.doc.operationId)
      problems.push(`${route.path} is documented as ${documented}, declared as ${route.doc.operationId}`)
  }
  for (const path of Object.keys(native))
    if (!routes.some((r) => r.path === path)) problems.push(`native route ${path} is not in the table`)
  return problems
}

const derived = (): Derived => ({
  native: (server.service.app.config as { serve?: { routes?: Derived['native'] } }).serve?.routes ?? {},
  framework: server.service.app.routes.map((r) => ({ method: r.method, path: r.path })),
  paths: doc.paths,
})

describe('the read table and what is derived from it', () => {
  test('the hot reads are all in the table', () => {
    expect(table.map((r) => r.path).sort()).toEqual([
      '/api/feed.json',
      '/api/reviews/:id',
      '/api/reviews/search',
      '/api/reviews/since/:date',
      '/feed.xml',
      '/insights.json',
      '/reviews.json',
    ])
  })

  test('native routes, framework routes and the OpenAPI document carry every entry, and the native router nothing else', () => {
    expect(disagreements(table, derived())).toEqual([])
  })

  test('the check fails when a derived list drops an entry or gains one', () => {
    const { native, framework, paths } = derived()
    const { '/api/reviews/search': _search, ...nativeWithout } = native
    expect(disagreements(table, { native: nativeWithout, framework, paths })).toEqual([
      'GET /api/reviews/search is missing from the native routes',
      'HEAD /api/reviews/search is missing from the native routes',
    ])
    expect(disagreements(table, { native: { ...native, '/extra': {} }, framework, paths })).toEqual([
      'native route /extra is not in the table',
    ])
    const { '/feed.xml': _feed, ...pathsWithout } = paths
    expect(disagreements(table, { native, framework, paths: pathsWithout })).toEqual([
      'GET /feed.xml is missing from the OpenAPI document',
      'HEAD /feed.xml is missing from the OpenAPI document',
    ])
    expect(disagreements(table, { native, framework: framework.filter((r) => r.path !== '/reviews.json'), paths })).toEqual([
      'GET /reviews.json is missing from the framework',
    ])
  })
})
