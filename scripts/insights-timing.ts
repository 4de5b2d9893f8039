#!/usr/bin/env bun
/**
 * Times the insights computation the server runs off the request path, on generated reviews.
 *   bun scripts/insights-timing.ts [count=100000]
 */
import { InsightsEngine } from '../src/insights/compute'
import type { Review } from '../src/reviews/schema'
import { sampleBusiness } from '../src/sample/business'
import { generateReviews, newestFirst } from '../src/sample/generate'

const count = Number(process.argv[2] ?? 100_000)
const reviews = [...generateReviews({ count, seed: 7, endDate: '2026-11-15', years: 3 })]
  .sort(newestFirst)
  .map((r) => ({ ...r, verified: true }) as Review)
const cpu = process.cpuUsage()
const started = performance.now()
const insights = await new InsightsEngine().computeAsync(sampleBusiness, reviews, new Date().toISOString())
const seconds = (performance.now() - started) / 1000
const cpuSeconds = process.cpuUsage(cpu).user / 1e6
console.log(
  `${count} reviews: insights computed in ${seconds.toFixed(1)} s wall, ${cpuSeconds.toFixed(1)} s CPU (${((seconds * 1e6) / count).toFixed(0)} µs per review); ${insights.topics.length} topics, analysed ${insights.languages.analysed}`,
)
