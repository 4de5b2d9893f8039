/** The OpenAPI 3.1.0 document is valid, complete and linted clean; /docs renders it with nothing fetched from elsewhere. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Validator } from '@seriousme/openapi-schema-validator'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startTestServer, TEST_BASE_URL, type TestServer } from '../support/server'
import { compileTypedClient, unknownTypes } from '../support/typed-client'
import { loadHubConfig } from '../../src/core/config'

const bin = (name: string) => join(import.meta.dir, '..', '..', 'node_modules', '.bin', name)
const writeDocument = (document: unknown) => {
  const file = join(mkdtempSync(join(tmpdir(), 'openapi-')), 'openapi.json')
  writeFileSync(file, JSON.stringify(document))
  return file
}

let server: TestServer
let doc: any
beforeAll(async () => {
  server = await startTestServer()
  doc = await (await fetch(`${server.url}/.well-known/openapi.json`)).json()
})
afterAll(() => server.stop())

/** The data reads served from a cached representation (conditional GET, 304). */
const CACHED_READS = [
  '/reviews.json',
  '/insights.json',
  '/api/feed.json',
  '/feed.xml',
  '/api/reviews/search',
  '/api/reviews/since/{date}',
  '/api/reviews/{id}',
]

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
    const file = writeDocument(doc)
    const lint = Bun.spawnSync([bin('redocly'), 'lint', file, '--format=stylish'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    })
    const output = lint.stdout.toString() + lint.stderr.toString()
    expect(output).not.toMatch(/\berror\b/)
    expect(lint.exitCode).toBe(0)
  })

  test("passes Spectral's oas ruleset with no warning, info or hint", () => {
    const dir = mkdtempSync(join(tmpdir(), 'spectral-'))
    writeFileSync(join(dir, '.spectral.json'), JSON.stringify({ extends: ['spectral:oas'] }))
    const file = writeDocument(doc)
    const lint = Bun.spawnSync([
      bin('spectral'),
      'lint',
      file,
      '--ruleset',
      join(dir, '.spectral.json'),
      '--format',
      'json',
      '--fail-severity',
      'hint',
      '--quiet',
    ])
    const output = lint.stdout.toString()
    expect(JSON.parse(output.slice(output.indexOf('[')))).toEqual([])
    expect(lint.exitCode).toBe(0)
    // The same run on a document without its contact does warn: the check can fail.
    const { contact, ...info } = doc.info
    const flawed = writeDocument({ ...doc, info })
    const failing = Bun.spawnSync([
      bin('spectral'),
      'lint',
      flawed,
      '--ruleset',
      join(dir, '.spectral.json'),
      '--format',
      'json',
      '--fail-severity',
      'hint',
      '--quiet',
    ])
    expect(contact).toBeDefined()
    expect(failing.exitCode).not.toBe(0)
  }, 30_000)

  test('describes every route the app serves, itself and /docs included, and HEAD wherever GET works but /mcp', () => {
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item as object).map((m) => `${m.toUpperCase()} ${path}`)),
    )
    const served = server.service.app.routes.map((r) => `${r.method} ${r.path.replace(/:([^/]+)/g, '{$1}')}`)
    for (const route of served) expect(documented).toContain(route)
    for (const path of ['/.well-known/openapi.json', '/docs', '/healthz', '/metrics']) expect(documented).toContain(`GET ${path}`)
    for (const route of served.filter((r) => r.startsWith('GET ') && r !== 'GET /mcp'))
      expect(documented).toContain(route.replace(/^GET/, 'HEAD'))
    const ids = Object.values(doc.paths).flatMap((item: any) => Object.values(item).map((op: any) => op.operationId))
    expect(new Set(ids).size).toBe(ids.length)
  })

  test('a typed client generated from it (openapi-typescript) compiles under tsc --strict with no unknown response type', async () => {
    const client = await compileTypedClient(doc)
    expect(client.output).toBe('')
    expect(client.exitCode).toBe(0)
    expect(client.checks).toBeGreaterThan(30)
    expect(unknownTypes(client.source)).toEqual([])
  }, 30_000)

  test('the typed-client check fails on a response body the document leaves untyped', async () => {
    const loose = structuredClone(doc)
    loose.paths['/healthz'].get.responses['200'].content['application/json'].schema = {}
    const client = await compileTypedClient(loose)
    expect(client.exitCode).not.toBe(0)
    expect(client.output).toMatch(/check\.ts\(\d+,\d+\): error TS2344/)
  }, 30_000)

  test('search parameters carry their bounds and defaults', () => {
    const parameters = Object.fromEntries(
      doc.paths['/api/reviews/search'].get.parameters.filter((p: any) => p.in === 'query').map((p: any) => [p.name, p]),
    )
    expect(Object.keys(parameters).sort()).toEqual([
      'aspect',
      'cursor',
      'has_response',
      'language',
      'limit',
      'max_rating',
      'mentions_service',
      'mentions_technician',
      'min_rating',
      'query',
      'rating',
      'sentiment',
      'service_area',
      'since',
      'sort',
      'topic',
      'until',
    ])
    expect(parameters.sentiment.schema.anyOf.map((s: any) => s.const)).toEqual(['positive', 'negative', 'neutral'])
    expect(parameters.rating.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 5 })
    expect(parameters.min_rating.schema).toMatchObject({ type: 'number', minimum: 1, maximum: 5 })
    expect(parameters.limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 })
    expect(parameters.since.schema).toMatchObject({ type: 'string', format: 'date' })
    for (const p of Object.values(parameters) as any[]) expect(p.in).toBe('query')
    for (const name of ['rating', 'min_rating', 'limit']) expect(parameters[name].description).toContain('plain decimal numeral')
    expect(doc.paths['/api/reviews/search'].get.responses['400'].description).toContain('`since` after `until`')
  })

  test('the since date carries its pattern; path parameters are required', () => {
    const [date] = doc.paths['/api/reviews/since/{date}'].get.parameters
    expect(date).toMatchObject({
      name: 'date',
      in: 'path',
      required: true,
      schema: { type: 'string', format: 'date', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
    })
    expect(new RegExp(date.schema.pattern).test('2025-01-01')).toBe(true)
    expect(new RegExp(date.schema.pattern).test('yesterday')).toBe(false)
  })

  test('every GET served from a cached representation documents ETag, Last-Modified, Cache-Control, Vary, and 304 and 412', () => {
    for (const path of [...CACHED_READS, '/docs', '/.well-known/openapi.json']) {
      const responses = doc.paths[path].get.responses
      for (const status of ['200', '304']) {
        expect(Object.keys(responses[status].headers)).toEqual(
          expect.arrayContaining(['ETag', 'Last-Modified', 'Cache-Control', 'Vary', 'Access-Control-Allow-Origin']),
        )
        expect(responses[status].headers.ETag.required).toBe(true)
      }
      expect(responses['412'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' })
      const headers = doc.paths[path].get.parameters.filter((p: any) => p.in === 'header').map((p: any) => p.name)
      expect(headers).toEqual(['If-None-Match', 'If-Modified-Since', 'If-Match', 'If-Unmodified-Since', 'Accept-Encoding'])
      expect(responses['405'].headers.Allow.required).toBe(true)
    }
    for (const path of ['/reviews.json', '/api/feed.json', '/feed.xml']) {
      for (const status of ['200', '304']) expect(doc.paths[path].get.responses[status].headers.Link.required).toBe(true)
    }
  })

  test('the hub: topic enum, https-only callback, 202 body, 413/415/429 bodies with Retry-After on 429', () => {
    const hub = doc.paths['/api/websub/hub'].post
    const form = hub.requestBody.content['application/x-www-form-urlencoded'].schema.properties
    expect(form['hub.topic'].enum).toEqual([`${TEST_BASE_URL}/feed.xml`, `${TEST_BASE_URL}/api/feed.json`, `${TEST_BASE_URL}/reviews.json`])
    const callback = new RegExp(form['hub.callback'].pattern)
    expect(callback.test('https://subscriber.example/cb?x=1')).toBe(true)
    for (const refused of [
      'http://subscriber.example/cb',
      'https://user:pw@subscriber.example/',
      'https://subscriber.example/cb#frag',
      'ftp://x',
    ])
      expect(callback.test(refused)).toBe(false)
    expect(hub.responses['202'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/HubAccepted' })
    for (const status of ['400', '413', '415', '429'])
      expect(hub.responses[status].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' })
    expect(hub.responses['429'].headers['Retry-After'].required).toBe(true)
    expect(doc.paths['/mcp'].post.responses['503'].headers['Retry-After'].required).toBe(true)
    expect(doc.paths['/healthz'].get.responses['503'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/HealthDegraded',
    })
  })

  test('the prose takes its numbers from the configuration', async () => {
    const hubConfig = loadHubConfig({
      HUB_RETRY_DELAYS_MS: '5000,70000',
      HUB_TIMEOUT_MS: '4000',
      HUB_LEASE_MIN: '120',
      HUB_LEASE_MAX: '7200',
      HUB_LEASE_DEFAULT: '600',
    })
    const custom = await startTestServer({ hubConfig })
    try {
      const text = await (await fetch(`${custom.url}/.well-known/openapi.json`)).text()
      const other = JSON.parse(text)
      expect(other.webhooks.websubNotification.post.description).toContain('retried after 5 s, then 70 s')
      expect(other.webhooks.websubVerification.get.description).toContain('4 s')
      expect(other.webhooks.websubVerification.get.parameters[3].schema).toMatchObject({ minimum: 120, maximum: 7200 })
      expect(other.paths['/api/websub/hub'].post.description).toContain('default 600, clamped to 120..7200')
      expect(text).not.toContain('600 s')
      expect(text).not.toContain('864000')
    } finally {
      await custom.stop()
    }
  })

  test('responses: 200 with schemas, 304 on conditional reads, 400 and 404 where they apply', () => {
    const responses = (path: string) => doc.paths[path].get.responses
    for (const path of CACHED_READS) {
      expect(responses(path)).toHaveProperty('200')
      expect(responses(path)).toHaveProperty('304')
    }
    expect(responses('/api/reviews/search')['400'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' })
    expect(responses('/api/reviews/since/{date}')).toHaveProperty('400')
    expect(responses('/api/reviews/{id}')).toHaveProperty('404')
    expect(responses('/reviews.json')['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ReviewsDataset' })
    for (const name of ['Review', 'ReviewsDataset', 'ReviewList', 'Error', 'Issue', 'JsonFeed'])
      expect(doc.components.schemas).toHaveProperty(name)
  })

  test('the hub callbacks are described under webhooks', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual(['websubDenied', 'websubNotification', 'websubVerification'])
    const verification = doc.webhooks.websubVerification.get.parameters.map((p: any) => p.name)
    expect(verification).toEqual(['hub.mode', 'hub.topic', 'hub.challenge', 'hub.lease_seconds'])
    expect(doc.webhooks.websubNotification.post.description).toContain('retried after 60 s, then 600 s')
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
