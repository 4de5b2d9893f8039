/**
 * Data that would stop a later render is refused at the door (import, business.json), and whatever
 * still fails to build leaves the last good version serving with /healthz 503 degraded. Against the
 * compiled binary, as an operator meets it.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { compiledBinary, runBinary } from '../support/binary'
import { business, review } from '../support/dataset'
import { eventsOf, startListening, waitForEvent, type Running } from '../support/spawn'

const dirs: string[] = []
const processes: Running[] = []
afterEach(() => {
  for (const running of processes.splice(0)) running.proc.kill('SIGKILL')
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function workspace() {
  const dir = mkdtempSync(join(tmpdir(), 'reviews-data-'))
  dirs.push(dir)
  const dataDir = join(dir, 'data')
  const file = (name: string, value: unknown) => {
    const path = join(dir, name)
    writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value))
    return path
  }
  return { dir, dataDir, file, env: { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' } }
}

const goodReviews = [review({ id: 'a-1', date: '2025-01-02' }), review({ id: 'a-2', date: '2025-01-01' })]

async function serve(env: Record<string, string>): Promise<Running> {
  const running = await startListening([compiledBinary(), 'serve'], { ...env, DATA_POLL_MS: '50', PATH: '/usr/bin:/bin' })
  processes.push(running)
  return running
}

async function healthOf(running: Running) {
  const response = await fetch(`${running.url}/healthz`)
  return { status: response.status, body: (await response.json()) as { status: string; error?: string; revision: number } }
}

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (done(value) || Date.now() > deadline) return value
    await Bun.sleep(25)
  }
}

describe('import refuses what would stop a render, naming it, changing nothing', () => {
  test.each([
    ['an unknown time zone', { ...business, timezone: 'America/Denvr' }, goodReviews, /timezone: must be an IANA time zone/],
    ['a time zone in words', { ...business, timezone: 'Mountain Time' }, goodReviews, /timezone: must be an IANA time zone/],
    ['a javascript: url', { ...business, url: 'javascript:alert(1)' }, goodReviews, /url: must be an http:\/\/ or https:\/\/ URL/],
    ['a data: url', { ...business, url: 'data:text/html,<script>1</script>' }, goodReviews, /url: must be an http/],
    ['the id "."', business, [review({ id: '.' })], /id: "\." cannot be a path segment/],
    ['the id ".."', business, [review({ id: '..' })], /id: "\.\." cannot be a path segment/],
    [
      'year 10000 east of UTC',
      { ...business, timezone: 'Asia/Tokyo' },
      [review({ id: 'x', date: '9999-12-31T23:59:59Z' })],
      /date: 10000-01-01 is past the year 9999/,
    ],
    ['year 0001', business, [review({ id: 'x', date: '0001-01-01T00:00:00Z' })], /date: 0001-01-01T00:00:00Z is before 1990-01-01/],
    ['1970 sentinel', business, [review({ id: 'x', date: '1970-01-01' })], /before 1990-01-01/],
    ['a date next year', business, [review({ id: 'x', date: `${new Date().getUTCFullYear() + 1}-12-31` })], /is in the future/],
    ['a leap second', business, [review({ id: 'x', date: '2016-12-31T23:59:60Z' })], /date: "2016-12-31T23:59:60Z" is a leap second/],
    [
      'a reply dated 9999',
      business,
      [review({ id: 'x', response: { date: '9999-12-31', text: 'Thanks' } })],
      /response.date: 9999-12-31 is in the future/,
    ],
  ])('%s', (_name, businessValue, reviewList, named) => {
    const { file, env } = workspace()
    const ok = runBinary(['import', file('good.json', { business, reviews: goodReviews })], env)
    expect(ok.code).toBe(0)
    const bad = runBinary(['import', file('bad.json', { business: businessValue, reviews: reviewList })], env)
    expect(bad.code).toBe(1)
    expect(bad.stderr).toMatch(named)
    expect(bad.stderr).toContain('nothing changed')
    expect(bad.stderr).not.toMatch(/^\s+at /m)
    // Still importable and unchanged: a dry run of the good file changes nothing.
    expect(runBinary(['import', '--dry-run', file('again.json', { business, reviews: goodReviews })], env).stdout).toContain(
      '0 inserted, 0 updated',
    )
  })

  test('a date of tomorrow where the business is is accepted (clock slack)', () => {
    const { file, env } = workspace()
    const tomorrow = Temporal.Now.plainDateISO('Pacific/Kiritimati').add({ days: 1 }).toString()
    const result = runBinary(
      [
        'import',
        file('d.json', { business: { ...business, timezone: 'Pacific/Kiritimati' }, reviews: [review({ id: 't', date: tomorrow })] }),
      ],
      env,
    )
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
  })
})

describe('a business.json typo on a running server', () => {
  test('is ignored: the last good data keeps serving, /healthz says 503 degraded, a restart starts on it, a fix recovers', async () => {
    const { dataDir, file, env } = workspace()
    runBinary(['import', file('good.json', { business, reviews: goodReviews })], env)
    const running = await serve(env)
    expect((await healthOf(running)).status).toBe(200)

    writeFileSync(join(dataDir, 'business.json'), JSON.stringify({ ...business, name: 'Typo Inc', timezone: 'America/Denvr' }))
    const degraded = await until(
      () => healthOf(running),
      (h) => h.status === 503,
    )
    expect(degraded.status).toBe(503)
    expect(degraded.body.status).toBe('degraded')
    expect(degraded.body.error).toContain('timezone')
    const dataset = (await (await fetch(`${running.url}/reviews.json`)).json()) as { business: { name: string }; reviews: unknown[] }
    expect(dataset.business.name).toBe(business.name)
    expect((await fetch(`${running.url}/feed.xml`)).status).toBe(200)

    running.proc.kill('SIGTERM')
    expect(await running.proc.exited).toBe(0)
    const restarted = await serve(env)
    expect((await healthOf(restarted)).status).toBe(503)
    expect((await fetch(`${restarted.url}/api/feed.json`)).status).toBe(200)

    writeFileSync(join(dataDir, 'business.json'), JSON.stringify({ ...business, name: 'Fixed Inc' }))
    const recovered = await until(
      () => healthOf(restarted),
      (h) => h.status === 200,
    )
    expect(recovered.body.status).toBe('ok')
    expect(((await (await fetch(`${restarted.url}/reviews.json`)).json()) as { business: { name: string } }).business.name).toBe(
      'Fixed Inc',
    )
  }, 30_000)
})

describe('data written by an older release that cannot be published', () => {
  /** What an older release could leave behind: rows written without today's checks. */
  function tamper(dataDir: string, change: (db: Database) => void) {
    const db = new Database(join(dataDir, 'reviews.db'))
    db.exec('PRAGMA busy_timeout = 5000')
    db.transaction(() => {
      change(db)
      db.exec("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'revision'")
    })()
    db.close()
  }

  test('a new version that fails to build leaves the last good one serving, 503 degraded, logged once', async () => {
    const { dataDir, file, env } = workspace()
    runBinary(['import', file('good.json', { business, reviews: goodReviews })], env)
    const running = await serve(env)
    const before = await healthOf(running)
    tamper(dataDir, (db) => {
      const json = JSON.parse(db.query<{ json: string }, []>("SELECT json FROM reviews WHERE id = 'a-1'").get()!.json)
      db.query("UPDATE reviews SET date = '10000-01-01', json = ? WHERE id = 'a-1'").run(JSON.stringify({ ...json, date: '10000-01-01' }))
    })
    const degraded = await until(
      () => healthOf(running),
      (h) => h.status === 503,
    )
    expect(degraded.status).toBe(503)
    expect(degraded.body).toMatchObject({ status: 'degraded', revision: before.body.revision })
    expect(degraded.body.error).toContain(`revision ${before.body.revision + 1}`)
    expect((await fetch(`${running.url}/api/feed.json`)).status).toBe(200)
    await waitForEvent(running, (e) => e.event === 'catalog_build_failed')
    // Many polls later it is still one log line for that revision.
    await Bun.sleep(300)
    expect(eventsOf(running).filter((e) => e.event === 'catalog_build_failed')).toHaveLength(1)

    // A good import moves the revision again and recovers.
    expect(runBinary(['import', file('fix.json', { business, reviews: [review({ id: 'a-1', date: '2025-01-03' })] })], env).code).toBe(0)
    expect(
      (
        await until(
          () => healthOf(running),
          (h) => h.status === 200,
        )
      ).status,
    ).toBe(200)
  }, 30_000)

  test('serve and mcp on a database whose business cannot be published explain it and exit 2, no stack', () => {
    const { dataDir, file, env } = workspace()
    runBinary(['import', file('good.json', { business, reviews: goodReviews })], env)
    tamper(dataDir, (db) =>
      db.query('UPDATE business SET json = ? WHERE id = 1').run(JSON.stringify({ ...business, timezone: 'Mountain Time' })),
    )
    for (const command of ['serve', 'mcp']) {
      const result = runBinary([command], env)
      expect(result.code).toBe(2)
      expect(result.stderr).toContain('timezone')
      expect(result.stderr).toContain('Mountain Time')
      expect(result.stderr).not.toMatch(/^\s+at /m)
      expect(
        result.stderr
          .trim()
          .split('\n')
          .filter((l) => !l.startsWith('{')).length,
      ).toBeLessThanOrEqual(2)
    }
    // The documented way out works: a valid business.json fixes it at the next start.
    file('data/business.json', business)
    const fixed = Bun.spawn([compiledBinary(), 'serve'], { env: { ...env, PATH: '/usr/bin:/bin' }, stderr: 'pipe', stdout: 'ignore' })
    return (async () => {
      const reader = fixed.stderr.getReader()
      let text = ''
      while (!text.includes('"listening"')) {
        const { value, done } = await reader.read()
        if (done) break
        text += new TextDecoder().decode(value)
      }
      fixed.kill('SIGKILL')
      expect(text).toContain('"listening"')
    })()
  }, 30_000)
})
