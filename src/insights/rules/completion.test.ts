import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

const read = (text: string) => readAspects(text, { learned: false }) as Record<string, string>

describe('finishing on time is speed, arriving on time punctuality (completion.ts)', () => {
  test.each([
    ['The job was completed on time.', { speed: 'positive' }],
    ['They finished on schedule.', { speed: 'positive' }],
    ['Everything was done on time.', { speed: 'positive' }],
    ['The project was delivered late.', { speed: 'negative' }],
    ['They never had the bike ready on time.', { speed: 'negative' }],
    ['He arrived on time and finished early.', { punctuality: 'positive', speed: 'positive' }],
    ['They started on time, finished early and came in on budget.', { punctuality: 'positive', speed: 'positive' }],
    ['They were on time every day.', { punctuality: 'positive' }],
    ['Over a month late finishing the roof.', { speed: 'negative' }],
    ['The roofer has forgot our appointment complete.', { punctuality: 'negative' }],
    ['Left the job half done and never showed up again.', { quality: 'negative', punctuality: 'negative' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })
})
