/**
 * Insights of a million reviews take minutes to compute. A request for /insights.json waits for them with
 * nothing to send, and the connection's idle timeout (HTTP_IDLE_TIMEOUT_S) used to close it under the
 * client: a reset instead of an answer. The request now gets the longest timeout the runtime allows.
 */
import { afterAll, expect, test } from 'bun:test'
import { computeInsights } from '../../src/insights/compute'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer | undefined
afterAll(() => server?.stop())

test('a request waiting for insights longer than the idle timeout gets them, not a closed connection', async () => {
  const { promise: released, resolve: release } = Promise.withResolvers<void>()
  server = await startTestServer({
    env: { HTTP_IDLE_TIMEOUT_S: '5' },
    computeInsights: async (business, reviews, generatedAt) => {
      await released
      return computeInsights(business, reviews, generatedAt)
    },
  })
  const answer = fetch(`${server.url}/insights.json`)
  // The point is the passage of time: past the 5 s idle timeout (the runtime closed such a connection after about 8 s) with nothing sent.
  await Bun.sleep(10_000)
  release()
  const response = await answer
  expect(response.status).toBe(200)
  const insights = (await response.json()) as { review_count?: number; summary?: unknown }
  expect(insights.summary).toBeDefined()
}, 20_000)
