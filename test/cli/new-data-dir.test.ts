/**
 * Several processes starting at once on one new DATA_DIR (`serve` beside `mcp`, a supervisor starting workers):
 * the sample's database appears whole, so none of them mistakes another's half-made database for lost data.
 */
import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DATA_DIR_MARKER, embeddedSample } from '../../src/catalog/seed'
import { eventsOf, MAIN, type Running, startListening } from '../support/spawn'

const dataDir = join(mkdtempSync(join(tmpdir(), 'reviews-new-dir-')), 'data')
afterAll(() => rmSync(join(dataDir, '..'), { recursive: true, force: true }))

test('four servers started together on a new DATA_DIR all serve the sample, seeded once', async () => {
  const start = () => startListening(['bun', MAIN, 'serve'], { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' })
  const started = await Promise.allSettled([start(), start(), start(), start()])
  const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  try {
    expect(
      started.filter((result) => result.status === 'rejected').map((result) => String((result as PromiseRejectedResult).reason)),
    ).toEqual([])
    for (const server of running) {
      const dataset = (await (await fetch(`${server.url}/reviews.json`)).json()) as { business: { id: string }; reviews: unknown[] }
      expect(dataset.business.id).toBe(embeddedSample.business.id)
      expect(dataset.reviews.length).toBe(embeddedSample.reviews.filter((review) => review.verified).length)
    }
    const seeded = running.filter((server) => eventsOf(server).some((event) => event.event === 'seeded_sample_data'))
    expect(seeded.length).toBe(1)
    // The marker says the sample, and no process's own copy is left behind.
    expect(readdirSync(dataDir).filter((name) => name.endsWith('.new'))).toEqual([])
    expect(readFileSync(join(dataDir, DATA_DIR_MARKER), 'utf8').split('\n')).toContain('data: sample')
  } finally {
    await stopAll(running)
  }
})

async function stopAll(running: Running[]) {
  for (const server of running) server.proc.kill('SIGTERM')
  await Promise.all(running.map((server) => server.proc.exited))
}
