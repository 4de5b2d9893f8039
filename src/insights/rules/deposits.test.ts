import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

const read = (text: string) => readAspects(text, { learned: false }) as Record<string, string>

describe('a deposit kept or set high (deposits.ts)', () => {
  test.each([
    'When we moved out they kept half of our deposit.',
    'They deducted $300 from my deposit for a scuffed wall.',
    'We got only $150 of our $900 deposit back.',
    'I received 30% of my deposit.',
    'Their security deposit is ridiculously high.',
    'The deposit was huge, and they take most of it when you leave.',
    // The customer's side of it: lost, kissed goodbye, barely got back.
    'Be prepared to lose your deposit when you move out.',
    'We lost most of our security deposit after two years there.',
    'Just kiss your deposit goodbye.',
    'We barely got any of our deposit back.',
  ])('complaint: %s', (text) => {
    expect(read(text)).toEqual({ price: 'negative' })
  })

  test.each([
    // Asked for, not kept; taken in time, not money; all of it back; another clause's taking.
    'They take a holding deposit when you apply.',
    'It took two weeks to process my deposit.',
    'They gave 100% of the deposit back.',
    'We paid the deposit and they took us to see the unit.',
    'They did not keep any of our deposit.',
    // Something else lost, a loss feared or nearly suffered, none lost.
    'I lost the receipt for the deposit.',
    'I was worried I would lose my deposit but we got all of it back.',
    'I almost lost my deposit because of the carpet.',
    'We did not lose a cent of our deposit.',
    'We barely paid a deposit.',
    // A loss put down to the customer, to others or to a rule, a loss hedged or asked about, a receipt, a time.
    'We lost our deposit because we broke the lease early, totally our fault.',
    'Our dog chewed the carpet, so we lost part of our deposit, which was fair.',
    'Unlike my last landlord, where I lost my entire deposit, these guys returned every cent.',
    'Other tenants complain they lost their deposit, but ours came back in full.',
    'I would have lost my deposit if they had not warned me about the mould.',
    'We were about to lose our deposit but the manager helped us fix the wall.',
    'Will I lose my deposit if I cancel the booking?',
    'I lost my deposit receipt, but they found the record and refunded me anyway.',
    'We barely got our deposit back in time for the new place.',
  ])('no price complaint: %s', (text) => {
    expect(read(text).price).not.toBe('negative')
  })
})

describe('a deposit never returned, or returned whole (deposits.ts)', () => {
  test.each([
    ['We never got our deposit back.', { price: 'negative' }],
    ['They have yet to return our deposit.', { price: 'negative' }],
    ["Six months later we still haven't received our deposit.", { price: 'negative' }],
    ['We got our full deposit back.', { price: 'positive' }],
    ['They returned the entire deposit without any fuss.', { price: 'positive' }],
    ['I did not get the deposit back until March.', { speed: 'negative' }],
    // A warning.
    ["Don't expect to get your deposit back.", { price: 'negative' }],
    ['Once you give a deposit, you will likely never see it back.', { price: 'negative' }],
    ['You will never see your deposit again.', { price: 'negative' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })
  test.each([
    'We paid the deposit and got the keys.',
    "I didn't give them a deposit.",
    'I have not tried to get my deposit back yet.',
    'Others complained about not getting their deposit back; we got ours.',
    'Do not expect your deposit back if you break the lease.',
    'We did not expect the deposit back so soon, but they returned it in a week.',
    'I never saw the deposit receipt again.',
    'We paid the deposit and never saw the manager again.',
    'I did not expect to get my whole deposit back, but they returned all of it.',
    'I did not expect to see my deposit back and was shocked when they mailed a check.',
    "I didn't expect to see my deposit again, they proved me wrong.",
    'I never see the deposit again, it just rolls into the next job.',
  ])('no complaint: %s', (text) => {
    expect(Object.values(read(text))).not.toContain('negative')
  })
})
