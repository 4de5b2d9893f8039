import { describe, expect, test } from 'bun:test'
import { analyzeText } from './analyzer'
import { smallAspectModel } from '../../test/support/learned-model'
import type { LearnedModel } from './rules/learned'
import { NAMED_FLOOR } from './complaint-odds'

/** "phone" names communication (a complaint at 0.73), "invoice" names price (added by the model: 0.7). */
const model = smallAspectModel({ 'w:phone': [0, 8, 1, 1], 'w:invoice': [2, 8, 3, 0.5], 'w:steep': [3, -4] })
const odds = (text: string, cleaningBusiness = false) => analyzeText(text, { learned: model, cleaningBusiness }).odds!

describe('the complaint odds kept beside a reading', () => {
  test('the strongest candidate: its aspect, sentence, text and P(named) x P(complaint)', () => {
    expect(odds('Great work. We phoned on Monday.').strongest).toEqual({
      aspect: 'communication',
      sentence: 1,
      text: 'We phoned on Monday.',
      strength: 0.718,
    })
  })

  test('an aspect the rules read counts as named: its strength is the complaint probability alone', () => {
    expect(odds('We phoned twice, the price was fair.').strongest).toMatchObject({ aspect: 'communication', strength: 0.731 })
  })

  test('no candidate where no aspect is likely named, nor where the rules set the aspect aside (another company)', () => {
    expect(odds('Terrible. Avoid.').strongest).toBeNull()
    expect(odds('The last plumber never phoned us.').strongest).toBeNull()
  })

  test('a candidate the rules did not read needs the presence classifier at NAMED_FLOOR or above', () => {
    // Presence of communication: "voicemail" 0.4 (logit -0.405), "line" 0.2 (logit -1.386).
    const floored = smallAspectModel({ 'w:voicemail': [0, 3.595, 1, 2], 'w:line': [0, 2.614, 1, 2] })
    const strongest = (text: string) => analyzeText(text, { learned: floored }).odds!.strongest
    expect(NAMED_FLOOR).toBeLessThan(0.4)
    expect(NAMED_FLOOR).toBeGreaterThan(0.2)
    expect(strongest('It went to voicemail.')).toMatchObject({ aspect: 'communication', strength: 0.352 })
    expect(strongest('The line was busy.')).toBeNull()
  })

  test('an aspect already read as a complaint in its sentence is no candidate', () => {
    expect(odds('Friendly guy, but the bill was steep.').strongest).toBeNull()
  })

  test("each mention's odds, index-aligned: the rules' readings by P(complaint), the model's by P(named) x P(complaint)", () => {
    const analysis = analyzeText('Friendly guy, but the bill was steep. The invoice came on Monday.', { learned: model })
    expect(analysis.aspects.map((m) => m.aspect)).toEqual(['professionalism', 'price', 'price'])
    expect(analysis.odds!.mentions).toEqual([
      null, // not weighed: the model has no professionalism labels
      { sentence: 0, complaint: 0.018, ruled: true },
      { sentence: 1, complaint: 0.611, ruled: false },
    ])
  })

  test('the rules alone keep no odds', () => {
    expect(analyzeText('We phoned on Monday.', { learned: false }).odds).toBeUndefined()
  })

  test("a cleaning company's cleanliness is never a candidate the model alone names", () => {
    const cleaning: LearnedModel = {
      ...model,
      labels: ['cleanliness:present', 'cleanliness:negative'],
      bias: [-4, 0],
      weights: { 'w:phone': [0, 8] },
      adds: [2],
      drops: [0],
    }
    const read = (cleaningBusiness: boolean) => analyzeText('We phoned on Monday.', { learned: cleaning, cleaningBusiness }).odds!.strongest
    expect(read(false)).toMatchObject({ aspect: 'cleanliness' })
    expect(read(true)).toBeNull()
  })
})
