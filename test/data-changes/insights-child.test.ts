/**
 * The insights computation runs in a child process of the executable (src/insights/insights-child.ts), so what it
 * allocates leaves with it: counted from /proc, one child per computation, none left once it has answered, and a
 * superseded computation's child ended at once rather than left to finish.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { computeInChildProcess } from '../../src/insights/analysis-worker'
import { computeInsights } from '../../src/insights/compute'
import { ANALYSER_RELEASE } from '../../src/insights/release'
import type { IncrementalStats } from '../../src/insights/stored-analyses'
import { DATABASE_FILE } from '../../src/db/database'
import { ReviewRepository } from '../../src/reviews/repository'
import type { Business, Review } from '../../src/reviews/schema'
import { generateDataset } from '../../src/sample/generate'
import { openServiceDatabase } from '../../src/service'

const AT = '2026-11-15T00:00:00.000Z'
const cleanup: (() => void)[] = []
afterEach(() => {
  for (const step of cleanup.splice(0).reverse()) step()
})

/** This process's child processes, from every thread's /proc children list. */
function childPids(): number[] {
  const pids: number[] = []
  for (const task of readdirSync(`/proc/${process.pid}/task`)) {
    try {
      for (const pid of readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean))
        pids.push(Number(pid))
    } catch {}
  }
  return pids
}

const alive = (pid: number) => {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'))
  } catch {
    return false
  }
}

/** Resolves once `probe` holds (checked every 5 ms), or rejects after `ms`. */
async function until(probe: () => boolean, ms = 20_000): Promise<void> {
  const started = performance.now()
  while (!probe()) {
    if (performance.now() - started > ms) throw new Error('condition not reached')
    await Bun.sleep(5)
  }
}

function setup(count: number) {
  const dir = mkdtempSync(join(tmpdir(), 'reviews-insights-child-'))
  const { business, reviews } = generateDataset({ count, seed: 11, endDate: '2026-11-15', years: 3 })
  const db = openServiceDatabase(dir)
  const repository = new ReviewRepository(db)
  repository.write({ business, reviews })
  const published = repository.publishedJson().map((r) => JSON.parse(r.json) as Review)
  db.close()
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }))
  return {
    dbPath: join(dir, DATABASE_FILE),
    business: business as Business,
    published,
    dataset: new TextEncoder().encode(JSON.stringify({ reviews: published })),
  }
}

describe('insights computed in a child process', () => {
  test('one child per computation, gone once it has answered; the same insights as computed here', async () => {
    const { dbPath, business, published, dataset } = setup(120)
    const before = childPids()
    const stats: IncrementalStats[] = []
    // The bytes in parts, as a version spliced from the one before holds them: cut anywhere, an empty part among them.
    const cut = Math.floor(dataset.byteLength / 3) + 1
    const parts = [dataset.subarray(0, 7), dataset.subarray(7, 7), dataset.subarray(7, cut), dataset.subarray(cut)]
    const computing = computeInChildProcess(business, parts, AT, undefined, {
      dbPath,
      release: ANALYSER_RELEASE,
      onStats: (s) => stats.push(s),
    })!
    const during = childPids().filter((pid) => !before.includes(pid))
    expect(during).toHaveLength(1)
    expect(during[0]).not.toBe(process.pid)
    const insights = await computing
    expect(alive(during[0]!)).toBe(false)
    expect(childPids().filter((pid) => !before.includes(pid))).toEqual([])
    expect(stats).toHaveLength(1)
    expect(stats[0]!.analysed).toBeGreaterThan(0)
    expect(insights).toEqual(computeInsights(business, published, AT))
  }, 60_000)

  test('a superseded computation: its child is ended at once, and a burst of them never leaves more than the newest running', async () => {
    const { business, dataset } = setup(400)
    const before = childPids()
    const started: number[] = []
    let last: Promise<unknown> | undefined
    let controller: AbortController | undefined
    for (let i = 0; i < 5; i++) {
      controller?.abort(new Error(`superseded ${i}`))
      controller = new AbortController()
      const known = childPids()
      last = computeInChildProcess(business, [dataset], AT, controller.signal)!
      const superseded = last
      if (i < 4) void superseded.catch(() => {})
      const fresh = childPids().filter((pid) => !known.includes(pid))
      expect(fresh).toHaveLength(1)
      started.push(fresh[0]!)
      // Every earlier child is ended (killed, not left to finish its reading of 400 texts) before the next one reads far.
      for (const pid of started.slice(0, -1)) await until(() => !alive(pid), 5_000)
      expect(childPids().filter((pid) => !before.includes(pid) && alive(pid))).toEqual([started[i]!])
    }
    controller!.abort(new Error('superseded at the end'))
    await expect(last!).rejects.toThrow('superseded at the end')
    await until(() => !alive(started[4]!), 5_000)
    expect(childPids().filter((pid) => !before.includes(pid) && alive(pid))).toEqual([])
  }, 60_000)

  test('a child that fails says why', async () => {
    const { business } = setup(10)
    const broken = new TextEncoder().encode('{"reviews": [')
    await expect(computeInChildProcess(business, [broken], AT)!).rejects.toThrow(/JSON|Unexpected|parse/i)
  }, 30_000)
})
