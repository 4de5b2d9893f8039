/** Hub fan-out: one change delivered to N local HTTPS subscribers, with bounded concurrency. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../src/core/config'
import { loadHubConfig } from '../src/core/config'
import { createService } from '../src/service'
import { openDatabase } from '../src/db/database'
import { MIGRATIONS } from '../src/service'
import { ReviewRepository } from '../src/reviews/repository'
import { localCertificateAuthority, Subscriber } from '../test/support/subscriber'
import { saveResult } from './lib'

const counts = (process.env.BENCH_HUB_SUBSCRIBERS ?? '1000,10000').split(',').map(Number)
const ca = localCertificateAuthority()
const rows: Record<string, unknown>[] = []
for (const count of counts) {
  const subscriber = new Subscriber()
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-hub-'))
  // Every subscriber here shares one host (127.0.0.1), so the per-host limit is the global one.
  const hubConfig = loadHubConfig({
    HUB_ALLOW_PRIVATE_CALLBACKS: '1',
    NODE_EXTRA_CA_CERTS: ca.caFile,
    HUB_MAX_CONCURRENT: '64',
    HUB_MAX_CONCURRENT_PER_HOST: '64',
    HUB_MAX_SUBSCRIPTIONS_PER_HOST: '1000000',
  })
  const service = createService({ ...loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' }), hub: hubConfig }, { log: () => {} })
  service.listen()
  const now = Date.now()
  service.db.transaction(() => {
    for (let i = 0; i < count; i++) {
      service.hub.repository.activate(
        {
          id: 0,
          mode: 'subscribe',
          callback: subscriber.url(`/s/${i}`),
          callback_host: 'localhost',
          topic: 'api/feed.json',
          lease_seconds: 86400,
          secret: 'bench-secret',
          state: 'pending',
        },
        now,
      )
    }
  })()
  const db = openDatabase(join(dataDir, 'reviews.db'), MIGRATIONS)
  new ReviewRepository(db).write({
    reviews: [
      {
        id: 'bench-change',
        rating: 5,
        date: '2030-01-01',
        author: 'B.',
        text: 'A change to push.',
        technicians: [],
        services: [],
        service_area: null,
        source: 'direct',
        verified: true,
        response: null,
      },
    ],
  })
  db.close()
  const started = performance.now()
  service.catalog.refresh()
  await service.hub.whenIdle()
  const seconds = (performance.now() - started) / 1000
  const delivered = subscriber.received.filter((r) => r.method === 'POST').length
  rows.push({
    subscribers: count,
    seconds: Number(seconds.toFixed(2)),
    delivered,
    failed: count - delivered,
    max_in_flight_seen: subscriber.maxInFlight,
    per_second: Math.round(delivered / seconds),
  })
  await service.stop()
  subscriber.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
await saveResult('hub', rows)
