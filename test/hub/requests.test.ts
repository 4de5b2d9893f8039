/** Hub request validation, abuse limits, SSRF refusals and metrics. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { loadHubConfig } from '../../src/core/config'
import { isPublicAddress } from '../../src/hub/address'
import { OutboundError, outboundRequest, trustedCertificates } from '../../src/hub/outbound'
import { withHubParams } from '../../src/hub/callback'
import { startTestServer, TEST_BASE_URL, type TestServer } from '../support/server'
import { localCertificateAuthority, Subscriber } from '../support/subscriber'

const ca = localCertificateAuthority()
let server: TestServer
let subscriber: Subscriber
beforeAll(async () => {
  subscriber = new Subscriber()
  // The allow flag stays off here: this is the hub as deployed.
  server = await startTestServer({ hubConfig: loadHubConfig({ NODE_EXTRA_CA_CERTS: ca.caFile, HUB_REQUESTS_PER_MINUTE: '1000' }) })
})
afterAll(async () => {
  await server.stop()
  subscriber.stop()
})

const post = (body: string, headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }) =>
  fetch(`${server.url}/api/websub/hub`, { method: 'POST', headers, body })
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
const valid = { 'hub.callback': 'https://subscriber.example.com/cb', 'hub.mode': 'subscribe', 'hub.topic': `${TEST_BASE_URL}/feed.xml` }

async function issuesOf(response: Response) {
  expect(response.status).toBe(400)
  const body = (await response.json()) as { error: string; message: string; issues: { path: string[]; code: string }[] }
  expect(body.error).toBe('invalid_request')
  return body.issues.map((i) => [i.path[0], i.code])
}

describe('request validation: 400 invalid_request naming the field', () => {
  test.each([
    ['plain-HTTP callback', { ...valid, 'hub.callback': 'http://subscriber.example.com/cb' }, [['hub.callback', 'not_https']]],
    ['callback with user info', { ...valid, 'hub.callback': 'https://user:pw@subscriber.example.com/cb' }, [['hub.callback', 'userinfo']]],
    [
      'callback over 2048 characters',
      { ...valid, 'hub.callback': `https://subscriber.example.com/${'a'.repeat(2040)}` },
      [['hub.callback', 'too_long']],
    ],
    ['callback with a fragment', { ...valid, 'hub.callback': 'https://subscriber.example.com/cb#x' }, [['hub.callback', 'fragment']]],
    ['callback with a space', { ...valid, 'hub.callback': 'https://subscriber.example.com/c b' }, [['hub.callback', 'invalid_url']]],
    ['not a URL', { ...valid, 'hub.callback': 'subscriber' }, [['hub.callback', 'invalid_url']]],
    ['unknown topic', { ...valid, 'hub.topic': `${TEST_BASE_URL}/secret.json` }, [['hub.topic', 'unknown_topic']]],
    ['topic on another host', { ...valid, 'hub.topic': 'https://evil.example/feed.xml' }, [['hub.topic', 'unknown_topic']]],
    ['bad mode', { ...valid, 'hub.mode': 'publish' }, [['hub.mode', 'invalid_enum']]],
    ['bad lease', { ...valid, 'hub.lease_seconds': 'forever' }, [['hub.lease_seconds', 'invalid_type']]],
    ['empty secret', { ...valid, 'hub.secret': '' }, [['hub.secret', 'invalid_length']]],
    ['secret over 199 bytes', { ...valid, 'hub.secret': 'é'.repeat(100) }, [['hub.secret', 'invalid_length']]],
    [
      'every field missing',
      {},
      [
        ['hub.callback', 'required'],
        ['hub.mode', 'required'],
        ['hub.topic', 'required'],
      ],
    ],
  ] as [string, Record<string, string>, string[][]][])('%s', async (_, fields, expected) => {
    expect(await issuesOf(await post(form(fields)))).toEqual(expected)
  })

  test('a repeated field is refused', async () => {
    expect(await issuesOf(await post(`${form(valid)}&hub.mode=unsubscribe`))).toEqual([['hub.mode', 'repeated']])
  })

  test('unknown extra fields are ignored: 202', async () => {
    const response = await post(form({ ...valid, 'hub.extra': 'x', foo: 'bar' }))
    expect(response.status).toBe(202)
    expect(((await response.json()) as { status: string }).status).toBe('accepted')
  })

  test('not form-encoded is 415; a body over 8 KiB is 413', async () => {
    expect((await post(JSON.stringify(valid), { 'content-type': 'application/json' })).status).toBe(415)
    expect((await post(form(valid), {})).status).toBe(415)
    const big = await post(`${form(valid)}&pad=${'x'.repeat(9000)}`)
    expect(big.status).toBe(413)
    expect(((await big.json()) as { error: string }).error).toBe('payload_too_large')
  })

  test('PUT on the hub is 405 with Allow: GET (status lookup) and POST; GET without topic and callback is 400', async () => {
    const response = await fetch(`${server.url}/api/websub/hub`, { method: 'PUT' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toContain('POST')
    expect(response.headers.get('allow')).toContain('GET')
    const lookup = await fetch(`${server.url}/api/websub/hub`)
    expect(lookup.status).toBe(400)
    expect(await issuesOf(lookup)).toEqual([
      ['hub.topic', 'required'],
      ['hub.callback', 'required'],
    ])
  })
})

describe('SSRF: non-public callbacks are refused with the allow flag off', () => {
  test.each([
    'https://127.0.0.1/cb',
    'https://2130706433/cb',
    'https://0x7f.1/cb',
    'https://017700000001/cb',
    'https://127.1/cb',
    'https://[::1]/cb',
    'https://[::ffff:127.0.0.1]/cb',
    'https://[::ffff:7f00:1]/cb',
    'https://10.0.0.8/cb',
    'https://169.254.169.254/latest/meta-data',
    'https://192.168.1.1/cb',
    'https://[fe80::1]/cb',
    'https://0.0.0.0/cb',
    'https://localhost/cb',
    'https://api.localhost/cb',
  ])('%s', async (callback) => {
    expect(await issuesOf(await post(form({ ...valid, 'hub.callback': callback })))).toEqual([['hub.callback', 'non_public_address']])
  })

  test('a hostname resolving to a private address is refused when connecting (the checked address is the one used)', async () => {
    // Called directly, past the subscribe-time check of the name: only the resolved address is left to stop it.
    const error = await outboundRequest(`https://localhost:${subscriber.server.port}/cb`, {
      method: 'GET',
      timeoutMs: 2000,
      maxResponseBytes: 1024,
      allowPrivate: false,
      ca: trustedCertificates(ca.caFile),
    }).catch((e) => e)
    expect(error).toBeInstanceOf(OutboundError)
    expect(error.kind).toBe('blocked')
    expect(subscriber.received).toHaveLength(0)
  })

  test('address classification', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '2001:4860:4860::8888', '::ffff:8.8.8.8'])
      expect(isPublicAddress(address)).toBe(true)
    for (const address of [
      '127.0.0.1',
      '127.255.255.254',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '239.255.255.250',
      '255.255.255.255',
      '192.0.2.1',
      '198.18.0.1',
      '240.0.0.1',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::127.0.0.1',
      'fe80::1',
      'fc00::1',
      'fd00::1',
      'ff02::1',
      '2001:db8::1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
      'not-an-address',
      '',
    ]) {
      expect({ address, public: isPublicAddress(address) }).toEqual({ address, public: false })
    }
  })

  test('hub parameters are appended without re-encoding the callback', () => {
    expect(withHubParams('https://a.example/cb?x=%7e&y=a+b', [['hub.mode', 'subscribe']])).toBe(
      'https://a.example/cb?x=%7e&y=a+b&hub.mode=subscribe',
    )
    expect(withHubParams('https://a.example/cb', [['hub.topic', 'https://t/x?y']])).toBe(
      'https://a.example/cb?hub.topic=https%3A%2F%2Ft%2Fx%3Fy',
    )
    expect(withHubParams('https://a.example/cb?', [['a', 'b']])).toBe('https://a.example/cb?a=b')
  })
})

describe('abuse limits', () => {
  test('requests per client IP: 429 with Retry-After', async () => {
    const limited = await startTestServer({ hubConfig: loadHubConfig({ HUB_REQUESTS_PER_MINUTE: '3' }) })
    try {
      const statuses: number[] = []
      let last: Response | undefined
      for (let i = 0; i < 5; i++) {
        last = await fetch(`${limited.url}/api/websub/hub`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form({ ...valid, 'hub.topic': `${TEST_BASE_URL}/reviews.json` }),
        })
        statuses.push(last.status)
      }
      expect(statuses).toEqual([202, 202, 202, 429, 429])
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(((await last!.json()) as { error: string }).error).toBe('rate_limited')
    } finally {
      await limited.stop()
    }
  })

  test('pending verifications per callback host and subscriptions in total', async () => {
    const limited = await startTestServer({
      hubConfig: loadHubConfig({ HUB_MAX_PENDING_PER_HOST: '1', HUB_MAX_SUBSCRIPTIONS: '1', HUB_TIMEOUT_MS: '200' }),
    })
    try {
      limited.service.hub.stop() // Keep verifications pending.
      const send = (callback: string) =>
        fetch(`${limited.url}/api/websub/hub`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form({ ...valid, 'hub.callback': callback }),
        })
      expect((await send('https://one.example.com/a')).status).toBe(202)
      const second = await send('https://one.example.com/b')
      expect(second.status).toBe(429)
      expect(((await second.json()) as { error: string }).error).toBe('too_many_pending')
      limited.service.hub.repository.activate(
        {
          id: 0,
          mode: 'subscribe',
          callback: 'https://two.example.com/x',
          callback_host: 'two.example.com',
          topic: 'feed.xml',
          lease_seconds: 3600,
          secret: null,
          state: 'pending',
        },
        Date.now(),
      )
      // Per-host limits count per registrable domain: another domain, so the total cap speaks.
      const third = await send('https://three.example.org/c')
      expect(third.status).toBe(429)
      expect(((await third.json()) as { error: string }).error).toBe('too_many_subscriptions')
    } finally {
      await limited.stop()
    }
  })
})

describe('per-requester limits on pending verifications', () => {
  test("one client cannot fill a callback domain's pending slots: 5 of its 50 per client, 50 pending in all", async () => {
    // Default caps (50 pending per callback domain); the client address comes from X-Forwarded-For here.
    const limited = await startTestServer({
      hubConfig: loadHubConfig({ HUB_REQUESTS_PER_MINUTE: '100000', HUB_TRUST_PROXY: '1' }),
    })
    try {
      limited.service.hub.stop() // Keep verifications pending.
      const send = (from: string, callback: string) =>
        fetch(`${limited.url}/api/websub/hub`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': from },
          body: form({ ...valid, 'hub.callback': callback }),
        })
      const attacker = []
      for (let i = 0; i < 6; i++) attacker.push((await send('203.0.113.7', `https://victim.example.com/cb-${i}`)).status)
      expect(attacker).toEqual([202, 202, 202, 202, 202, 429])
      const refused = await send('203.0.113.7', 'https://victim.example.com/cb-again')
      expect(((await refused.json()) as { error: string }).error).toBe('too_many_pending')
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      // Every address in one IPv6 /64 is one requester.
      expect((await send('2001:db8:1:2::1', 'https://victim.example.com/v6-0')).status).toBe(202)
      for (let i = 1; i < 5; i++) expect((await send(`2001:db8:1:2::${i + 1}`, `https://victim.example.com/v6-${i}`)).status).toBe(202)
      expect((await send('2001:db8:1:2::99', 'https://victim.example.com/v6-5')).status).toBe(429)
      // The victim itself, from its own address, still gets its subscription verified.
      expect((await send('198.51.100.20', 'https://victim.example.com/real')).status).toBe(202)
      // In all, one client may have as many pending as one domain: 50.
      const spread = []
      for (let i = 0; i < 11; i++)
        for (let j = 0; j < 5; j++) spread.push((await send('192.0.2.55', `https://domain${i}.net/cb-${j}`)).status)
      expect(spread.filter((s) => s === 202)).toHaveLength(50)
      expect(spread.slice(50).every((s) => s === 429)).toBe(true)
    } finally {
      await limited.stop()
    }
  })
})

describe('metrics', () => {
  test('/metrics exposes hub counters in Prometheus text format', async () => {
    const response = await fetch(`${server.url}/metrics`)
    expect(response.headers.get('content-type')).toContain('text/plain')
    const text = await response.text()
    expect(text).toContain('# TYPE websub_requests_total counter')
    expect(text).toMatch(/websub_requests_total\{status="400"\} \d+/)
    expect(text).toContain('reviews_published ')
    expect(text).not.toContain('secret')
  })
})
