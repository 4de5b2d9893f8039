import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'
import { splitClauses } from './contrast'
import { tokensOf } from './tokenize'

const clauses = (text: string) => splitClauses(tokensOf(text)).map((c) => c.map((t) => t.surface).join(' '))

describe('contrast', () => {
  test('"yet" splits a contrast, not the clause it closes', () => {
    expect(clauses('Expensive yet worth it.')).toEqual(['expensive', 'worth it .'])
    expect(clauses('They had not arrived yet.')).toEqual(['they had not arrived yet .'])
    expect(clauses('Not fixed yet, and it has been a week.')).toEqual(['not fixed yet , and it has been a week .'])
    expect(clauses('Polite, yet, the work was sloppy.')).toEqual(['polite ,', ', the work was sloppy .'])
  })

  test('"but", "although" and "other than" split a sentence into clauses', () => {
    expect(clauses('Friendly but expensive.')).toEqual(['friendly', 'expensive .'])
    expect(clauses('Although pricey, the workmanship is superb.')).toEqual(['pricey', 'the workmanship is superb .'])
    expect(clauses('Other than being rude, he was okay.')).toEqual(['being rude', 'he was okay .'])
  })

  test.each([
    ['Friendly but expensive.', { professionalism: 'positive', price: 'negative' }],
    ['Great work except nobody ever sends the paperwork.', { quality: 'positive', communication: 'negative' }],
    ['Not cheap but worth it.', { price: 'positive' }],
    ['Pricey? Maybe a little. Worth it? Absolutely.', { price: 'positive' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text) as Record<string, string>).toEqual(expected)
  })
})
