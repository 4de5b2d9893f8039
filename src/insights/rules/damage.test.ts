import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'
import { damageDone } from './damage'
import { tokensOf } from './tokenize'

const read = (text: string) => readAspects(text, { learned: false }) as Record<string, string>

describe('damage done by the business (damage.ts)', () => {
  test.each([
    'The installer cracked our new sink.',
    'He smashed the light fixture.',
    'Our floor was scratched by their crew.',
    'The tech broke the handle off my cabinet.',
    // A past tense wink tags as an adjective.
    'They dented the fridge.',
    'They bent the door of our fridge.',
    'The movers dented our fridge.',
    // A trade by name.
    'The movers broke our mirror and two chairs.',
    'The carpet fitters tore the wallpaper.',
    // Said another way.
    'They drilled through a water pipe.',
    'He drilled straight through a water pipe.',
    'Our TV was broken during transport.',
    'The electrician cut through the phone cable.',
    'The van ran over our flower bed.',
    'The removal men dropped our TV.',
    'Our door frame was damaged during the move.',
    'Our laminate is scratched everywhere since the installation.',
    'The painter got paint on our sofa.',
    'The cabinet arrived with a big dent.',
    'The ladder left a big dent in the gutter.',
    'My TV was dropped and the screen is cracked.',
    'The wallpaper got torn when they moved the wardrobe.',
    'Our carpet has a burn mark from his blowtorch.',
    'The plasterer damaged the new kitchen worktop.',
    'The electrician left a scorch mark on the ceiling.',
    'He burnt a hole in the worktop with the blowtorch.',
    'They flooded our kitchen while changing the valve.',
    // The subject dropped, as reviews do: the business.
    'Ruined my jeans that I just bought.',
    'Scratched our new floor and left.',
  ])('complaint: %s', (text) => {
    expect(read(text)).toEqual({ quality: 'negative' })
  })

  test.each([
    // The job itself, the customer's trouble, a denial, another company's doing, and "ripped off" (a price).
    'They ripped out the old carpet in a day.',
    'The pipe broke last winter.',
    'They had to break the tile to reach the valve.',
    'They did not scratch a thing.',
    'The previous contractor cracked two tiles.',
    // Staining as the job itself.
    'They stained our deck and it looks amazing.',
    'They had to cut through the old pipe to replace it.',
    'He drilled into the wall to mount the TV.',
    'They dropped the price for us.',
    'I dropped my keys behind the new cabinet.',
    'He dropped my car back at 6.',
    'They dropped our quote by £100.',
    'He ran over the details with us.',
    'The job ran over the budget.',
    'He drilled through the wall for the cable.',
    'The price was dropped by 10%.',
    'The vase got broken when the cat jumped.',
    'The truck arrived with the new boiler.',
    "I've been burned by contractors before, these folks are the real deal.",
    'Our basement flooded after heavy rain.',
    'Ruined our weekend.',
    'Ruined our whole weekend.',
    'Chipped my windscreen on the M25.',
    'Dropped my car off at 8.',
  ])('no quality complaint: %s', (text) => {
    expect(read(text).quality).not.toBe('negative')
  })

  test.each(['Nothing was broken in the move, not even a glass.', 'Everything arrived in one piece.'])(
    'nothing damaged is praise: %s',
    (text) => {
      expect(read(text)).toEqual({ quality: 'positive' })
    },
  )

  test('"they ripped us off" is left to price', () => {
    const tokens = tokensOf('They ripped us off.')
    damageDone(tokens)
    expect(tokens.some((t) => t.extra)).toBe(false)
  })
})

test('a past tense wink tags as an adjective is marked as the damage done', () => {
  const tokens = tokensOf('He chipped the counter.')
  damageDone(tokens)
  expect(tokens.find((t) => t.extra)?.surface).toBe('chipped')
})
