import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'
import { tokensOf } from './tokenize'
import { breakdownAfterTheJob } from './after-the-job'

const read = (text: string) => readAspects(text, { learned: false }) as Record<string, string>

describe('a breakdown placed after the job (after-the-job.ts)', () => {
  test.each([
    'Two days later the furnace would not start.',
    'A week after the repair the warning light came on.',
    'When we got the mower home it wouldnt start.',
    'Three weeks later the new pump started leaking.',
    'A month later the new switch is no longer working.',
    'As soon as I drove off the lot, the belt came loose.',
    'Shortly after the installation, the fan began to rattle.',
  ])('complaint: %s', (text) => {
    expect(read(text)).toEqual({ quality: 'negative' })
  })

  test.each([
    // The breakdown before any words that place it after the job is the customer's trouble.
    'Our furnace would not start, so we called them two days later.',
    // Time words without a breakdown, and work not begun (no breakdown).
    'A week later they still had not started the job on the deck.',
  ])('no quality complaint: %s', (text) => {
    expect(read(text).quality).not.toBe('negative')
  })

  test('praise after the job stays praise', () => {
    expect(read('A year later it still works perfectly.')).toEqual({ quality: 'positive' })
  })

  test('the mark sits on the breakdown verb', () => {
    const tokens = tokensOf('Two days later the heater would not start.')
    breakdownAfterTheJob(tokens)
    expect(tokens.filter((t) => t.extra).map((t) => t.surface)).toEqual(['start'])
  })
})
