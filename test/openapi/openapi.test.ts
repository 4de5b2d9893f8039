/** The OpenAPI 3.1.0 document is valid, complete and linted clean; /docs renders it with nothing fetched from elsewhere. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Validator } from '@seriousme/openapi-schema-validator'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startTestServer, TEST_BASE_URL, type TestServer } from '../support/server'

let server: TestServer
let doc: any
beforeAll(async () => {
  server = await startTestServer()
  doc = await (await fetch(`${server.url}/.well-known/openapi.json`)).json()
})
afterAll(() => server.stop())

describe('OpenAPI document', () => {
  test('is OpenAPI 3.1.0, version 1.0.0, valid per @seriousme/openapi-schema-validator', async () => {
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.info.version).toBe('1.0.0')
    expect(doc.servers).toEqual([{ url: TEST_BASE_URL }])
    const result = await new Validator().validate(doc)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  test('passes redocly lint with no errors', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'openapi-')), 'openapi.json')
    writeFileSync(file, JSON.stringify(doc))
    const lint = Bun.spawnSync([join(import.meta.dir, '..', '..', 'node_modules', '.bin', 'redocly'), 'lint', file, '--format=stylish'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    })
    const output = lint.stdout.toString() + lint.stderr.toString()
    expect(output).not.toMatch(/\berror\b/)
    expect(lint.exitCode).toBe(0)
  })

  test('describes every route the app serves', () => {
    const documented = new Set(Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item as object).map((m) => `${m.toUpperCase()} ${path}`)))
    const served = server.service.app.routes
      .filter((r) => !['/docs', '/.well-known/openapi.json'].includes(r.path))
      .map((r) => `${r.method} ${r.path.replace(/:([^/]+)/g, '{$1}')}`)
    for (const route of served) expect(documented).toContain(route)
  })

  test('search parameters carry their bounds and defaults', () => {
    const parameters = Object.fromEntries(doc.paths['/api/reviews/search'].get.parameters.map((p: any) => [p.name, p]))
    expect(Object.keys(parameters).sort()).toEqual(['cursor', 'has_response', 'limit', 'max_rating', 'mentions_service', 'mentions_technician', 'min_rating', 'query', 'rating', 'since', 'until'])
    expect(parameters.rating.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 5 })
    expect(parameters.min_rating.schema).toMatchObject({ type: 'number', minimum: 1, maximum: 5 })
    expect(parameters.limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 })
    expect(parameters.since.schema).toMatchObject({ type: 'string', format: 'date' })
    for (const p of Object.values(parameters) as any[]) expect(p.in).toBe('query')
  })

  test('responses: 200 with schemas, 304 on conditional reads, 400 and 404 where they apply', () => {
    const responses = (path: string) => doc.paths[path].get.responses
    for (const path of ['/reviews.json', '/insights.json', '/api/feed.json', '/feed.xml', '/api/reviews/search', '/api/reviews/since/{date}', '/api/reviews/{id}']) {
      expect(responses(path)).toHaveProperty('200')
      expect(responses(path)).toHaveProperty('304')
    }
    expect(responses('/api/reviews/search')['400'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' })
    expect(responses('/api/reviews/since/{date}')).toHaveProperty('400')
    expect(responses('/api/reviews/{id}')).toHaveProperty('404')
    expect(responses('/reviews.json')['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ReviewsDataset' })
    for (const name of ['Review', 'ReviewsDataset', 'ReviewList', 'Error', 'Issue', 'JsonFeed']) expect(doc.components.schemas).toHaveProperty(name)
  })

  test('the hub callbacks are described under webhooks', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual(['websubDenied', 'websubNotification', 'websubVerification'])
    const verification = doc.webhooks.websubVerification.get.parameters.map((p: any) => p.name)
    expect(verification).toEqual(['hub.mode', 'hub.topic', 'hub.challenge', 'hub.lease_seconds'])
  })
})

describe('/docs', () => {
  test('renders every path as HTML, loads nothing from elsewhere, and forbids it by CSP', async () => {
    const response = await fetch(`${server.url}/docs`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await response.text()
    for (const path of Object.keys(doc.paths)) expect(html).toContain(path.replaceAll('&', '&amp;'))
    // No script, stylesheet, image, font or frame is pulled in; links stay on this page or this server.
    expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(/i)
    for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(href!.startsWith('#') || href!.startsWith('/')).toBe(true)
  })
})
