/** Starts the real service on 127.0.0.1, port 0, over a fresh SQLite file in a temp dir. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig, loadHubConfig, type HubConfig } from '../../src/core/config'
import { createService, type Service } from '../../src/service'
import type { Dataset } from '../../src/catalog/seed'
import type { InsightsComputer } from '../../src/catalog/snapshot'
import { business, reviews } from './dataset'

export type TestServer = { url: string; service: Service; dataDir: string; stop: (keepData?: boolean) => Promise<void> }

export const TEST_BASE_URL = 'https://reviews.example.test'

export async function startTestServer(
  options: {
    seed?: Dataset
    env?: Record<string, string>
    log?: (event: Record<string, unknown>) => void
    hubConfig?: HubConfig
    dataDir?: string
    computeInsights?: InsightsComputer
  } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'reviews-test-'))
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    BASE_URL: TEST_BASE_URL,
    DATA_POLL_MS: '50',
    ...options.env,
  })
  const hub = options.hubConfig ?? loadHubConfig({ ...options.env })
  const service = createService(
    { ...config, hub },
    {
      seed: options.seed ?? { business, reviews },
      log: options.log ?? (() => {}),
      computeInsights: options.computeInsights,
    },
  )
  service.listen()
  const url = `http://127.0.0.1:${service.port}`
  return {
    url,
    service,
    dataDir,
    stop: async (keepData = false) => {
      await service.stop()
      if (!keepData) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
