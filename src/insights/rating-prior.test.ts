import { describe, expect, test } from 'bun:test'
import { analyzeText, type WeighedAnalysis } from './analyzer'
import { analyzeReview, RATING_CUE, RATING_SHIFT, ratingMade, STRONG_RULE, withRating } from './rating-prior'
import { smallAspectModel } from '../../test/support/learned-model'

/**
 * A small per-aspect model, so these examples do not move when the shipped weights are trained again: "phone" makes
 * communication likely named and a little likely a complaint; "bill" and "invoice" name price; "steep" and "charge"
 * make a price complaint unlikely, "high" likely. It adds price on its own (0.7), never communication.
 */
const model = smallAspectModel({
  'w:phone': [0, 8, 1, 1],
  'w:bill': [2, 8],
  'w:invoice': [2, 8, 3, 0.5],
  'w:steep': [3, -4],
  'w:charge': [3, -4],
  'w:high': [3, 4],
})
const context = { learned: model }
const read = (text: string, rating: number | null) => analyzeReview(text, rating, context)
const feelings = (text: string, rating: number | null) => Object.fromEntries(read(text, rating).aspects.map((m) => [m.aspect, m.sentiment]))

describe('a one- or two-star review read without a complaint', () => {
  test('its strongest candidate becomes a complaint, quoted from its sentence and marked as the rating made it', () => {
    const text = 'Great work. We phoned on Monday.'
    expect(feelings(text, null)).toEqual({ quality: 'positive' })
    for (const rating of [1, 2]) {
      const { aspects } = read(text, rating)
      expect(aspects).toContainEqual({
        aspect: 'communication',
        sentiment: 'negative',
        score: -0.5,
        clause: 'We phoned on Monday.',
        cues: [RATING_CUE],
      })
      expect(aspects.find((m) => m.aspect === 'quality')!.sentiment).toBe('positive')
    }
  })

  test("an aspect the sentence's rules read as praise is turned, its cues kept", () => {
    const { aspects } = read('We phoned twice, the price was fair.', 1)
    expect(aspects.find((m) => m.aspect === 'communication')).toMatchObject({
      sentiment: 'negative',
      score: -0.5,
      cues: ['phone', RATING_CUE],
    })
    // Only the strongest candidate: the price, less likely a complaint, stays praise.
    expect(aspects.find((m) => m.aspect === 'price')).toMatchObject({ sentiment: 'positive', score: 0.7 })
  })

  test('where the review praises the aspect elsewhere, the complaint outweighs it (down to -1): the review reads negative', () => {
    const praised = (score: number): WeighedAnalysis => ({
      clauses: [],
      aspects: [
        { aspect: 'quality', sentiment: 'positive', score, clause: 'I have to find someone to fix it properly.', cues: ['properly'] },
      ],
      score: 0,
      phrases: [],
      odds: {
        strongest: { aspect: 'quality', sentence: 0, text: 'They could not install the gate well.', strength: 0.9 },
        mentions: [{ sentence: 1, complaint: 0.2, ruled: true }],
      },
    })
    expect(withRating(praised(0.2), 2).aspects[1]).toMatchObject({ sentiment: 'negative', score: -0.7, cues: [RATING_CUE] })
    expect(withRating(praised(0.6), 2).aspects[1]).toMatchObject({ sentiment: 'negative', score: -1 })
    expect(withRating(praised(-0.05), 2).aspects[1]).toMatchObject({ sentiment: 'negative', score: -0.5 })
  })

  test('a review whose sentences name no aspect stays silent: nothing is invented', () => {
    expect(read('Terrible. Avoid.', 1).aspects).toEqual([])
    expect(read('Worst experience ever. Never again!', 1).aspects).toEqual([])
  })

  test('a review that already holds a complaint is left as it is', () => {
    const analysis = analyzeText('We phoned on Monday. The bill was a bit high.', context)
    expect(withRating(analysis, 1)).toBe(analysis)
  })

  test('a candidate whose shifted odds stay below even is left alone', () => {
    const weak: WeighedAnalysis = {
      clauses: [],
      aspects: [],
      score: 0,
      phrases: [],
      odds: { strongest: { aspect: 'price', sentence: 0, text: 'It cost 80 dollars.', strength: 0.2 }, mentions: [] },
    }
    // logit(0.2) = -1.39: the shift of 1 does not reach even odds; a stronger one (0.3: -0.85) does.
    expect(withRating(weak, 1)).toBe(weak)
    const strong = { ...weak, odds: { ...weak.odds!, strongest: { ...weak.odds!.strongest!, strength: 0.3 } } }
    expect(withRating(strong, 1).aspects.map((m) => m.sentiment)).toEqual(['negative'])
  })
})

describe('a five-star review', () => {
  test('a complaint the model doubts is kept as a neutral mention, marked', () => {
    const { aspects } = read('Friendly guy, but the bill was steep.', 5)
    expect(aspects.find((m) => m.aspect === 'price')).toMatchObject({ sentiment: 'neutral', score: 0, cues: ['steep', RATING_CUE] })
    expect(feelings('Friendly guy, but the bill was steep.', 4)).toEqual({ professionalism: 'positive', price: 'negative' })
  })

  test('a complaint the model believes beyond the shift stays, and so does a strong rule whatever the model says', () => {
    expect(feelings('The bill was a bit high.', 5)).toEqual({ price: 'negative' })
    const charged = read('They charged $300 for 10 minutes of work.', 5).aspects
    expect(charged).toMatchObject([{ aspect: 'price', sentiment: 'negative', score: -0.8 }])
    expect(Math.abs(charged[0]!.score)).toBeGreaterThanOrEqual(STRONG_RULE)
  })

  test("the model's own complaint must be likely named and a complaint (0.98 x 0.62 is not enough against the shift)", () => {
    expect(feelings('The invoice came on Monday.', 3)).toEqual({ price: 'negative' })
    expect(read('The invoice came on Monday.', 5).aspects).toMatchObject([
      { aspect: 'price', sentiment: 'neutral', cues: ['(learned)', RATING_CUE] },
    ])
  })
})

describe('a five-star review, with a model that also weighs whether a sentence holds any complaint', () => {
  // The same model (weights as label, weight pairs) and a fifth label, `complaint` (4): even odds by default, "charge"
  // makes it unlikely, "high" likely.
  const base = smallAspectModel({
    'w:bill': [2, 8],
    'w:charge': [3, -4, 4, -4],
    'w:high': [3, 4, 4, 4],
  })
  const withComplaint = { ...base, labels: [...base.labels, 'complaint'], bias: [...base.bias, 0] }
  const fiveStar = (text: string) => analyzeReview(text, 5, { learned: withComplaint })

  test('a complaint stands only where its sentence may hold one (SENTENCE_HOLDS), a strong rule too', () => {
    expect(fiveStar('The bill was a bit high.').aspects).toMatchObject([{ aspect: 'price', sentiment: 'negative' }])
    const charged = fiveStar('They charged $300 for 10 minutes of work.').aspects
    expect(charged).toMatchObject([{ aspect: 'price', sentiment: 'neutral', score: 0 }])
    expect(charged[0]!.cues).toContain(RATING_CUE)
    // Read alone, or at four stars, the strong rule's complaint is as it was.
    expect(analyzeReview('They charged $300 for 10 minutes of work.', 4, { learned: withComplaint }).aspects).toMatchObject([
      { aspect: 'price', sentiment: 'negative', score: -0.8 },
    ])
  })
})

describe('what the rating leaves alone', () => {
  test('three and four stars, no rating, and the rules read alone change nothing', () => {
    const analysis = analyzeText('Great work. We phoned on Monday.', context)
    for (const rating of [3, 4, null, undefined]) expect(withRating(analysis, rating)).toBe(analysis)
    expect(RATING_SHIFT[3]).toBeUndefined()
    const rulesAlone = analyzeText('Great work. We phoned on Monday.', { learned: false })
    expect(rulesAlone.odds).toBeUndefined()
    expect(withRating(rulesAlone, 1)).toBe(rulesAlone)
  })

  test('the sentence-level reading is the analyser’s own: a second application changes nothing more', () => {
    for (const [text, rating] of [
      ['Great work. We phoned on Monday.', 1],
      ['Friendly guy, but the bill was steep.', 5],
    ] as const) {
      const once = read(text, rating)
      expect(withRating(once, rating)).toEqual(once)
      expect(analyzeText(text, context).aspects).not.toEqual(once.aspects)
    }
  })

  test('ratingMade tells the marked mentions', () => {
    expect(ratingMade({ cues: ['steep', RATING_CUE] })).toBe(true)
    expect(ratingMade({ cues: ['(learned)'] })).toBe(false)
  })
})
