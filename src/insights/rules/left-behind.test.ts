import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

const read = (text: string) => readAspects(text, { learned: false }) as Record<string, string>

describe('what the business left behind (left-behind.ts)', () => {
  test.each([
    'They left rubbish all over the garden.',
    'The builders left rubble in our drive.',
    'They left the old boiler in our hallway.',
    'They left all the packaging lying around.',
    'The old pipes and rubbish were just left in the garden.',
    // Mess where it lies, no verb at all.
    'Grass clippings all over the patio.',
    'Oily handprints on the white garage wall.',
    'Concrete splatter on our car and the front step.',
    'There were streaks on every single pane.',
    'The cleaners left the windows streaky.',
    'The windows were left smeared.',
    'The old carpet is still in the hallway two weeks later.',
    'I had to hoover for two hours after they left.',
  ])('complaint: %s', (text) => {
    expect(read(text)).toEqual({ cleanliness: 'negative' })
  })

  test.each([
    "They didn't leave any rubbish behind.",
    'They left no rubbish behind.',
    'Not a speck of dust on the floor when they finished.',
    'They swept up all the sawdust on the floor.',
    'They put down dust sheets in every room.',
    "They didn't leave a speck of dust on the floor.",
  ])('nothing left behind is praise: %s', (text) => {
    expect(read(text)).toEqual({ cleanliness: 'positive' })
  })

  test.each([
    'He left a note with the invoice.',
    'They left the old radiator in place.',
    'They left us the spare parts.',
    'He left the old boiler running while he fitted the new one.',
    'We left the old sofa in the garage for them to take.',
    'The old boiler is still in use.',
    'The movers left all the boxes in the right rooms.',
    'They left our old house in perfect condition.',
    'I had to clean the gutters, so I called them.',
    'The gutters were full of muck in the downpipes so we called them.',
    'Windows left streak free on the inside.',
  ])('nothing left behind: %s', (text) => {
    expect(read(text).cleanliness).toBeUndefined()
  })
})
