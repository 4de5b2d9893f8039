#!/usr/bin/env bun
/**
 * Writes the sample dataset. Default: data/sample.json, the dataset embedded in the executable.
 *   bun scripts/generate-sample.ts [--count 750] [--seed 42] [--end-date 2026-11-15] [--years 3]
 *                                  [--format dataset|jsonl|csv] [--out PATH]
 * jsonl and csv stream, so a million reviews need little memory.
 */
import { DEFAULT_OPTIONS, generateDataset, generateReviews, type GenerateOptions } from '../src/sample/generate'
import { toCsvRow, CSV_HEADER } from '../src/sample/csv'
import { isCalendarDate } from '../src/core/dates'

const args = new Map<string, string>()
for (let i = 2; i < process.argv.length; i += 2) {
  const [name, value] = [process.argv[i]!, process.argv[i + 1]]
  if (!name.startsWith('--') || value === undefined) {
    console.error(
      `usage: generate-sample.ts [--count N] [--seed N] [--end-date YYYY-MM-DD] [--years N] [--format dataset|jsonl|csv] [--out PATH]`,
    )
    process.exit(2)
  }
  args.set(name.slice(2), value)
}
const integer = (name: string, fallback: number) => {
  const value = Number(args.get(name) ?? fallback)
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`)
  return value
}
const options: GenerateOptions = {
  count: integer('count', DEFAULT_OPTIONS.count),
  seed: integer('seed', DEFAULT_OPTIONS.seed),
  endDate: args.get('end-date') ?? DEFAULT_OPTIONS.endDate,
  years: Number(args.get('years') ?? DEFAULT_OPTIONS.years),
}
if (!isCalendarDate(options.endDate)) throw new Error('--end-date must be a real date, YYYY-MM-DD')
const format = args.get('format') ?? 'dataset'
const out = args.get('out') ?? (format === 'dataset' ? 'data/sample.json' : `sample.${format}`)

if (format === 'dataset') {
  await Bun.write(out, `${JSON.stringify(generateDataset(options), null, 2)}\n`)
} else if (format === 'jsonl' || format === 'csv') {
  const writer = Bun.file(out).writer({ highWaterMark: 1 << 20 })
  if (format === 'csv') writer.write(`${CSV_HEADER}\n`)
  for (const review of generateReviews(options)) writer.write(`${format === 'csv' ? toCsvRow(review) : JSON.stringify(review)}\n`)
  await writer.end()
} else {
  throw new Error('--format must be dataset, jsonl or csv')
}
console.error(`wrote ${options.count} reviews to ${out}`)
