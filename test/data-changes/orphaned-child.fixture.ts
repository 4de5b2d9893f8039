/**
 * A server stand-in for orphaned-child.test.ts: starts one insights computation in a child process, prints the
 * child's pid and waits, so the test can SIGKILL this process while the child computes.
 */
import { computeInChildProcess, runningChildren } from '../../src/insights/analysis-worker'
import type { Business } from '../../src/reviews/schema'
import { generateDataset } from '../../src/sample/generate'

const count = Number(process.argv[2] ?? 20_000)
const { business, reviews } = generateDataset({ count, seed: 7, endDate: '2026-11-15', years: 3 })
const dataset = new TextEncoder().encode(JSON.stringify({ reviews }))
const computing = computeInChildProcess(business as Business, [dataset], '2026-11-15T00:00:00.000Z')
if (!computing) throw new Error('no insights child could be started')
console.log(runningChildren()[0])
await computing
console.log('done')
