import { expect, test } from 'bun:test'
import type { Logger } from '../core/log'
import { ReplacedVersions } from './replaced-versions'

function tracker(timing: { afterSwapMs?: number; whenQuietMs?: number; fromBytes?: number } = {}) {
  const events: Parameters<Logger>[0][] = []
  let collected: () => void = () => {}
  const versions = new ReplacedVersions(
    (event) => {
      events.push(event)
      if (event.event === 'replaced_versions_collected') collected()
    },
    { afterSwapMs: 5, whenQuietMs: 60_000, fromBytes: 1, ...timing },
  )
  const nextCollection = () => new Promise<void>((resolve) => (collected = resolve))
  return { versions, events, nextCollection }
}

/** Serves `n` versions, each replacing the one before, and keeps only the last. */
function serveInTurn(versions: ReplacedVersions, n: number): { payload: Uint8Array } {
  let current = versions.served({ payload: new Uint8Array(1 << 20) })
  for (let i = 1; i < n; i++) {
    current = versions.served({ payload: new Uint8Array(1 << 20) })
    versions.replaced(1 << 20)
  }
  return current
}

async function finalized(versions: ReplacedVersions, atMost: number): Promise<number> {
  for (let i = 0; i < 50 && versions.count > atMost; i++) await Bun.sleep(1)
  return versions.count
}

test('replaced versions are collected when the next version comes, without any other allocation to prompt it', async () => {
  const { versions, events, nextCollection } = tracker()
  const collection = nextCollection()
  const current = serveInTurn(versions, 6)
  expect(versions.count).toBe(6)
  versions.nextComing()
  await collection
  // The current version and, at most, one kept by a stale word on the stack (the collector scans it conservatively).
  expect(await finalized(versions, 1)).toBeLessThanOrEqual(2)
  expect(current.payload.byteLength).toBe(1 << 20)
  const [logged] = events
  // Six served; an eden collection while they were made (other tests' heap in the same process) may have freed some.
  expect(logged).toMatchObject({ event: 'replaced_versions_collected' })
  expect(logged!.versions_alive_before as number).toBeGreaterThanOrEqual(3)
  expect(typeof logged?.ms).toBe('number')
  // One collection for the whole run of swaps, not one a swap.
  expect(events.length).toBe(1)
  versions.stop()
})

test('a single change pays no collection while nothing else comes; it is collected once things are quiet', async () => {
  const { versions, events, nextCollection } = tracker({ whenQuietMs: 30 })
  const collection = nextCollection()
  serveInTurn(versions, 2)
  const replacedAt = performance.now()
  await collection
  expect(performance.now() - replacedAt).toBeGreaterThanOrEqual(25)
  expect(events.length).toBe(1)
  versions.stop()
})

test('no collection while nothing replaced is alive', async () => {
  const { versions, events } = tracker({ whenQuietMs: 1 })
  const only = versions.served({})
  versions.replaced(1 << 20)
  versions.nextComing()
  await Bun.sleep(20)
  expect(events).toEqual([])
  expect(only).toBeDefined()
  versions.stop()
})

test('stop cancels a collection that was due', async () => {
  const { versions, events } = tracker({ whenQuietMs: 1 })
  serveInTurn(versions, 3)
  versions.nextComing()
  versions.stop()
  await Bun.sleep(20)
  expect(events).toEqual([])
})

test('no collection for replaced versions too small to be worth one', async () => {
  const { versions, events } = tracker({ whenQuietMs: 1, fromBytes: 8 << 20 })
  serveInTurn(versions, 6)
  versions.nextComing()
  await Bun.sleep(20)
  expect(events).toEqual([])
  versions.stop()
})
