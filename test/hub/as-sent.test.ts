/**
 * W3C WebSub §5.1.1 and §5.3 against a real HTTPS subscriber: the hub compares topics and callbacks in
 * normalised form (unreserved percent-escapes decoded, scheme and host case-folded), yet the
 * verification and every delivery carry the strings the subscriber sent.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { loadHubConfig } from '../../src/core/config'
import { openDatabase } from '../../src/db/database'
import { MIGRATIONS } from '../../src/service'
import { ReviewRepository } from '../../src/reviews/repository'
import { review } from '../support/dataset'
import { startTestServer, TEST_BASE_URL, type TestServer } from '../support/server'
import { hubTestEnv, localCertificateAuthority, Subscriber } from '../support/subscriber'

const ca = localCertificateAuthority()
let subscriber: Subscriber
let server: TestServer

beforeAll(async () => {
  subscriber = new Subscriber()
  server = await startTestServer({
    hubConfig: loadHubConfig(hubTestEnv(ca)),
  })
})
afterAll(async () => {
  await server.stop()
  subscriber.stop()
})
afterEach(() => server.service.hub.whenIdle())

let unique = 0
const callbackPath = (name: string) => `/${name}-${++unique}`

async function hubRequest(callback: string, topic: string, mode = 'subscribe') {
  const response = await fetch(`${server.url}/api/websub/hub`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ 'hub.callback': callback, 'hub.mode': mode, 'hub.topic': topic }).toString(),
  })
  expect(response.status).toBe(202)
  await server.service.hub.whenIdle()
}

async function importReview(id: string) {
  const db = openDatabase(join(server.dataDir, 'reviews.db'), MIGRATIONS)
  new ReviewRepository(db).write({ reviews: [review({ id, date: '2026-06-01', text: `Fresh review ${id}.` })] })
  db.close()
  await server.service.catalog.refresh()
  await server.service.hub.whenIdle()
}

const lastGet = (path: string) => subscriber.requests(path, 'GET').at(-1)!
const status = (callback: string, topic: string) =>
  fetch(`${server.url}/api/websub/hub?${new URLSearchParams({ 'hub.topic': topic, 'hub.callback': callback })}`)

describe('callbacks compared in normalised form', () => {
  test('an unsubscribe sent with ~ for a %7E callback removes the subscription', async () => {
    const p = callbackPath('tilde')
    const encoded = subscriber.url(`${p}?user=%7Ejane`)
    const plain = subscriber.url(`${p}?user=~jane`)
    await hubRequest(encoded, `${TEST_BASE_URL}/feed.xml`)
    expect(server.service.hub.repository.find(encoded, 'feed.xml')?.state).toBe('active')
    // The status lookup finds it under either spelling.
    expect(((await (await status(plain, `${TEST_BASE_URL}/feed.xml`)).json()) as { state: string }).state).toBe('active')

    await hubRequest(plain, `${TEST_BASE_URL}/feed.xml`, 'unsubscribe')
    expect(new URLSearchParams(lastGet(p).query).get('hub.mode')).toBe('unsubscribe')
    expect(server.service.hub.repository.find(encoded, 'feed.xml')?.state).toBe('removed')
    await importReview('as-sent-tilde')
    expect(subscriber.requests(p, 'POST')).toHaveLength(0)
  })

  test('a renewal in another spelling keeps one subscription, which then carries the new strings', async () => {
    const p = callbackPath('respell')
    await hubRequest(subscriber.url(`${p}/%7Ea`), `${TEST_BASE_URL}/api/feed.json`)
    await hubRequest(subscriber.url(`${p}/~a`).replace('https://localhost', 'HTTPS://LOCALHOST'), `${TEST_BASE_URL}/api/feed.json`)
    const rows = server.service.db
      .query<{ callback: string; state: string }, [string]>('SELECT callback, state FROM hub_subscriptions WHERE callback LIKE ?')
      .all(`%${p}%`)
    expect(rows).toEqual([{ callback: subscriber.url(`${p}/~a`).replace('https://localhost', 'HTTPS://LOCALHOST'), state: 'active' }])
    await importReview('as-sent-respell')
    expect(subscriber.requests(`${p}/~a`, 'POST')).toHaveLength(1)
  })
})

describe('verification and delivery echo the topic as sent', () => {
  test.each([
    ['a percent-encoded unreserved character', `${TEST_BASE_URL}/%66eed.xml`],
    ['a fragment', `${TEST_BASE_URL}/feed.xml#latest`],
    ['an empty query', `${TEST_BASE_URL}/feed.xml?`],
    ['an upper-case scheme and host', `HTTPS://REVIEWS.EXAMPLE.TEST/feed.xml`],
  ])('%s', async (_, topic) => {
    const p = callbackPath('topic')
    await hubRequest(subscriber.url(p), topic)
    expect(new URLSearchParams(lastGet(p).query).get('hub.topic')).toBe(topic)
    expect(server.service.hub.repository.find(subscriber.url(p), 'feed.xml')?.state).toBe('active')
    await importReview(`as-sent-${unique}`)
    const [delivery] = subscriber.requests(p, 'POST')
    expect(delivery!.headers.get('link')).toBe(`<${TEST_BASE_URL}/api/websub/hub>; rel="hub", <${topic}>; rel="self"`)
    // The unsubscribe in the canonical spelling is verified with the string it was sent with.
    await hubRequest(subscriber.url(p), `${TEST_BASE_URL}/feed.xml`, 'unsubscribe')
    expect(new URLSearchParams(lastGet(p).query).get('hub.topic')).toBe(`${TEST_BASE_URL}/feed.xml`)
    expect(server.service.hub.repository.find(subscriber.url(p), 'feed.xml')?.state).toBe('removed')
  })

  test('reserved escapes are not decoded: api%2Ffeed.json is no topic', async () => {
    const response = await fetch(`${server.url}/api/websub/hub`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        'hub.callback': subscriber.url('/reserved'),
        'hub.mode': 'subscribe',
        'hub.topic': `${TEST_BASE_URL}/api%2Ffeed.json`,
      }).toString(),
    })
    expect(response.status).toBe(400)
  })
})
