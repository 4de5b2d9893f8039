/** Insights computed with the text analysis in a Worker are the insights computed on the main thread, byte for byte. */
import { describe, expect, test } from 'bun:test'
import { workerAnalyzer } from '../../src/insights/analysis-worker'
import { computeInsights, InsightsEngine } from '../../src/insights/compute'
import { generateDataset } from '../../src/sample/generate'

const generated = generateDataset({ count: 300, seed: 7, endDate: '2026-11-15', years: 2 })
const published = generated.reviews
  .filter((x) => x.verified)
  .map((x) => ({ ...x, verified: true as const, language: x.language ?? null, translation: x.translation ?? null }))

describe('insights with the analysis in a Worker', () => {
  test('same bytes as on the main thread, and a recompute reads only what is new', async () => {
    const engine = new InsightsEngine(workerAnalyzer())
    const inWorker = await engine.computeAsync(generated.business, published.slice(1), 'now')
    expect(JSON.stringify(inWorker)).toBe(JSON.stringify(computeInsights(generated.business, published.slice(1), 'now')))
    const analysedFirst = engine.analysed
    expect(analysedFirst).toBeGreaterThan(200)
    // The worker ended after the first batch of work; a new version starts one again and reads the one new text.
    const again = await engine.computeAsync(generated.business, published, 'later')
    expect(engine.analysed).toBe(analysedFirst + 1)
    expect(JSON.stringify(again)).toBe(JSON.stringify(computeInsights(generated.business, published, 'later')))
  })

  test('an analysis that fails rejects the computation (the catalog logs it and keeps serving)', async () => {
    const analyze = workerAnalyzer()
    // A text that is not a string makes the worker's analysis throw.
    await expect(analyze([{ not: 'a string' } as never], {})).rejects.toThrow()
    // And the next request starts a fresh worker.
    expect((await analyze(['Great service, on time.'], {})).length).toBe(1)
  })
})
