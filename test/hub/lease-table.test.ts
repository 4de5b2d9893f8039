/**
 * Leases in SQLite (src/hub/lease.ts) on one database file opened by several connections, as several
 * processes open it: one holder at a time, renewal, takeover once the lease ended or its holder is gone,
 * and `once`, which runs a piece of work in one of several callers and hands the others its result.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../src/db/database'
import { holderIsGone, Leases, once } from '../../src/hub/lease'
import { MIGRATIONS } from '../../src/service'

const file = join(mkdtempSync(join(tmpdir(), 'leases-')), 'reviews.db')
const connections = [openDatabase(file, MIGRATIONS), openDatabase(file, MIGRATIONS)]
afterAll(() => {
  for (const db of connections) db.close()
})

let clock = 1_000_000
const now = () => clock
let unique = 0

describe('one holder at a time', () => {
  test('the first takes it, renews it; the second gets it only once it ended', () => {
    const name = `work-${++unique}`
    const a = new Leases(connections[0]!, 'a', now)
    const b = new Leases(connections[1]!, 'b', now)
    expect(a.acquire(name, 5000)).toBe(clock + 5000)
    expect(b.acquire(name, 5000)).toBeNull()
    clock += 4000
    expect(a.acquire(name, 5000)).toBe(clock + 5000) // renewed
    clock += 4999
    expect(b.acquire(name, 5000)).toBeNull()
    clock += 1
    expect(b.acquire(name, 5000)).toBe(clock + 5000) // ended: taken over
    expect(a.acquire(name, 5000)).toBeNull()
    expect(a.get(name)?.holder).toBe('b')
  })

  test('a released lease is free at once, and only its holder can release it', () => {
    const name = `work-${++unique}`
    const a = new Leases(connections[0]!, 'a', now)
    const b = new Leases(connections[1]!, 'b', now)
    a.acquire(name, 5000)
    b.release(name)
    expect(b.acquire(name, 5000)).toBeNull()
    a.release(name)
    expect(b.acquire(name, 5000)).not.toBeNull()
  })

  test('a lease held by a process of this machine that is gone is taken at once', async () => {
    const name = `work-${++unique}`
    const child = Bun.spawn(['true'])
    await child.exited
    const dead = `${hostname()}/${child.pid}/x`
    expect(holderIsGone(dead)).toBe(true)
    expect(holderIsGone(`${hostname()}/${process.pid}/y`)).toBe(false) // this process
    expect(holderIsGone(`another-host/${child.pid}/x`)).toBe(false) // cannot tell: wait for the end
    connections[0]!
      .query('INSERT INTO leases (name, holder, expires_at, acquired_at) VALUES (?, ?, ?, ?)')
      .run(name, dead, clock + 60_000, clock)
    const b = new Leases(connections[1]!, 'b', now)
    expect(b.acquire(name, 5000)).toBe(clock + 5000)
  })
})

describe('once', () => {
  test('of three callers one computes; the others get its result', async () => {
    const name = `insights-${++unique}`
    let computed = 0
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    const work = async () => {
      computed++
      await gate
      return '{"answer":42}'
    }
    const callers = [0, 1, 1].map((i, n) => once(new Leases(connections[i]!, `p${n}`), name, work, { pollMs: 10 }))
    await Bun.sleep(50)
    release()
    const results = await Promise.all(callers)
    expect(computed).toBe(1)
    expect(results.map((r) => r.result)).toEqual(['{"answer":42}', '{"answer":42}', '{"answer":42}'])
    expect(results.filter((r) => !r.shared)).toHaveLength(1)
  })

  test('when the computation fails, a waiting caller computes instead', async () => {
    const name = `insights-${++unique}`
    let calls = 0
    const work = async () => {
      if (++calls === 1) {
        await Bun.sleep(30)
        throw new Error('the first one fails')
      }
      return 'second'
    }
    const first = once(new Leases(connections[0]!, 'p1'), name, work, { pollMs: 10 })
    const second = once(new Leases(connections[1]!, 'p2'), name, work, { pollMs: 10 })
    await expect(first).rejects.toThrow('the first one fails')
    expect(await second).toEqual({ result: 'second', shared: false })
  })

  test('a waiter whose signal aborts stops waiting with its reason', async () => {
    const name = `insights-${++unique}`
    const holder = new Leases(connections[0]!, 'p1')
    holder.acquire(name, 60_000)
    const abort = new AbortController()
    const waiting = once(new Leases(connections[1]!, 'p2'), name, async () => 'never', { pollMs: 10, signal: abort.signal })
    abort.abort(new Error('superseded'))
    await expect(waiting).rejects.toThrow('superseded')
  })
})
