import { generateDataset } from './src/sample/generate'
import { InsightsEngine } from './src/insights/compute'
const N = Number(process.env.N ?? 10000)
const { business, reviews } = generateDataset({ count: N, seed: 5, endDate: '2026-11-15', years: 8 })
const pub = reviews.filter((r) => r.verified) as any[]
const e1 = new InsightsEngine()
e1.compute(business, pub, 'x')
const ctx = {} as any
const stored = pub.map((r) => JSON.stringify(e1.reading(r, ctx)))
const e2 = new InsightsEngine()
let t = performance.now()
pub.forEach((r, i) => e2.remember(r, JSON.parse(stored[i]!)))
console.log('parse', performance.now() - t)
t = performance.now()
e2.compute(business, pub, 'x')
console.log('fresh engine, all remembered', performance.now() - t)
