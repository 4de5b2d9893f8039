import { describe, expect, test } from 'bun:test'
import { readAspects } from '../evaluate'

/** The rules alone (most tests here; the first reads with the learned component). */
const read = (text: string) => readAspects(text, { learned: false }) as Record<string, string>

describe('complaint words (lexicon COMPLAINT_WORDS)', () => {
  test.each([
    ['The receptionist was snooty.', { professionalism: 'negative' }],
    ['$220 to tow a car a few blocks is excessive.', { price: 'negative' }],
    ['Staff ripped us off with prices.', { price: 'negative' }],
    ['He did not know what he was doing.', { professionalism: 'negative' }],
    ['Their prices are inflated.', { price: 'negative' }],
    ['The room was dusty.', { cleanliness: 'negative' }],
    ['The inspection was subpar.', { quality: 'negative' }],
    ['The office is disorganized.', { professionalism: 'negative' }],
    ['He was argumentative.', { professionalism: 'negative' }],
    ['They berated us for our lawn.', { professionalism: 'negative' }],
    ['Management is apathetic.', { professionalism: 'negative' }],
    // Work left faulty, said as a state.
    ['The wiring was improper.', { quality: 'negative' }],
    ['The tiles were laid improperly.', { quality: 'negative' }],
    ['The paint is patchy.', { quality: 'negative' }],
    ['The stylist butchered my hair.', { quality: 'negative' }],
    ['She kept butchering my hair.', { quality: 'negative' }],
    // Manners and a customer focus.
    ['He has no manners.', { professionalism: 'negative' }],
    // Delays, silence and pressure said plainly.
    ['The project was delayed.', { speed: 'negative' }],
    ['No delays at all.', { speed: 'positive' }],
    ['I have written three times now without any reaction.', { communication: 'negative' }],
    ['Zero response.', { communication: 'negative' }],
    ['Emails unanswered for a month now.', { communication: 'negative' }],
    ['The exterminator pushed a yearly contract on us.', { professionalism: 'negative' }],
    ['The technician argued with me for 20 minutes.', { professionalism: 'negative' }],
    ['The foreman smoked on our balcony.', { professionalism: 'negative' }],
    ['The handle came loose after a week.', { quality: 'negative' }],
    ['The company is not really customer oriented.', { professionalism: 'negative' }],
    ['Work is not carried out professionally.', { quality: 'negative' }],
    ['They behaved unprofessionally.', { professionalism: 'negative' }],
    ['They treated us very professionally.', { professionalism: 'positive' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text) as Record<string, string>).toEqual(expected)
  })

  test('negation flips them like any plain word', () => {
    expect(readAspects('The tech was not aggressive at all.') as Record<string, string>).toEqual({ professionalism: 'positive' })
  })

  test.each([
    ['The lady at the counter was openly racist.', { professionalism: 'negative' }],
    ['The owner is grouchy and brusque.', { professionalism: 'negative' }],
    ['The new manager seems inept.', { professionalism: 'negative' }],
    ['He upsold me on a filter I did not need.', { professionalism: 'negative' }],
    ['He told us to get out and slammed the door.', { professionalism: 'negative' }],
    ['The clerk kicked us out for asking questions.', { professionalism: 'negative' }],
    ['She said I was wasting her time.', { professionalism: 'negative' }],
    ['He had the nerve to ask for a tip.', { professionalism: 'negative' }],
    ['They treat their tenants like dirt.', { professionalism: 'negative' }],
    ['The manager could care less about us.', { professionalism: 'negative' }],
    ['He raised his voice at my mother.', { professionalism: 'negative' }],
    ['Scummy business practices.', { professionalism: 'negative' }],
    ['They have some questionable practices.', { professionalism: 'negative' }],
    ['The manager gave me attitude.', { professionalism: 'negative' }],
    // Parts of the job missed.
    ['A few spots were missed.', { cleanliness: 'negative' }],
    ['Several things were missed.', { quality: 'negative' }],
    ['No spots were missed.', { cleanliness: 'positive' }],
    // An appointment the customer missed is their own.
    ['They missed our appointment.', { punctuality: 'negative' }],
    ['We missed our appointment.', {}],
    // A long wait said with "for".
    ['It took weeks for them to fix it.', { speed: 'negative' }],
    ['Took them months to send a technician.', { speed: 'negative' }],
    ['It took months for them to replace the broken fan.', { speed: 'negative' }],
  ] as [string, Record<string, string>][])('discourtesy, rules alone: %s', (text, expected) => {
    expect(readAspects(text, { learned: false }) as Record<string, string>).toEqual(expected)
  })

  test('a denied discourtesy word is praise', () => {
    expect(readAspects('The receptionist was not snobby at all.', { learned: false }) as Record<string, string>).toEqual({
      professionalism: 'positive',
    })
  })
})

describe('plain verdicts (lexicon COMPLAINT_WORDS), rules alone', () => {
  test.each([
    ['The kitchen was unsanitary.', { cleanliness: 'negative' }],
    ['We were misinformed about the fees.', { communication: 'negative' }],
    ['The owner is a scammer.', { professionalism: 'negative' }],
    ['The tiling was amateurish.', { quality: 'negative' }],
    // A feeling only: the aspect is the cue's beside it.
    ['I was appalled by their customer service.', { professionalism: 'negative' }],
    ['Their response time is laughable.', { speed: 'negative' }],
    ['Their repair was ineffective.', { quality: 'negative' }],
    ['Their customer service is crap.', { professionalism: 'negative' }],
    // Work done without care.
    ['They haphazardly cut my hair again.', { quality: 'negative' }],
    ['The tiles were laid sloppily.', { quality: 'negative' }],
    // Not the business's: another's scam, the technician's own feeling.
    ['The previous contractor was a scammer.', {}],
    ['The technician was disgusted by the state of our basement.', {}],
  ] as [string, Record<string, string>][])('plain verdicts, rules alone: %s', (text, expected) => {
    expect(readAspects(text, { learned: false }) as Record<string, string>).toEqual(expected)
  })
})

describe('complaints said as facts (phrases.ts)', () => {
  test.each([
    // What wants improving
    ['Customer service is minimal at best.', { professionalism: 'negative' }],
    ['The work was mediocre at best.', { quality: 'negative' }],
    ['Their communication needs improvement.', { communication: 'negative' }],
    ['There is room for improvement in their customer service.', { professionalism: 'negative' }],
    ['They need to work on their punctuality.', { punctuality: 'negative' }],
    // Work left undone, rushed or patched for now
    ['They never finished the job.', { quality: 'negative' }],
    ['They left without finishing.', { quality: 'negative' }],
    ['He never came back to finish.', { quality: 'negative' }],
    ['They did a rushed job.', { quality: 'negative' }],
    ['The toilet still runs.', { quality: 'negative' }],
    ["The AC still isn't cooling.", { quality: 'negative' }],
    ["The sink still won't drain.", { quality: 'negative' }],
    ['The cabinets do not line up.', { quality: 'negative' }],
    ['They put the filter in backwards.', { quality: 'negative' }],
    ['It looks like a 5 year old did it.', { quality: 'negative' }],
    // Calls that end in a mailbox, texts ignored
    ['Every call goes straight to voicemail.', { communication: 'negative' }],
    ['I called four hours later and was sent to voicemail.', { communication: 'negative' }],
    ['He ignored my texts.', { communication: 'negative' }],
    // Fees added, no idea of the work, bookings far out and moved again and again
    ['They added a $50 fee at the end.', { price: 'negative' }],
    ['No added fees.', { price: 'positive' }],
    ['The tech had no idea what he was doing.', { professionalism: 'negative' }],
    ['They had no clue.', { professionalism: 'negative' }],
    ['They were booked out for a month.', { speed: 'negative' }],
    ['Service was a little on the slow side.', { speed: 'negative' }],
    ['They rescheduled three times.', { punctuality: 'negative' }],
    // A fault still there, a connection dropping, requests unanswered
    ['The car still makes the same noise.', { quality: 'negative' }],
    ['The internet keeps dropping.', { quality: 'negative' }],
    ['Maintenance requests are ignored.', { communication: 'negative' }],
    // Messages never returned, or answered after many tries; the line put down; not knowing the trade
    ['None of my messages were ever returned.', { communication: 'negative' }],
    ['The staff is friendly but nonresponsive.', { professionalism: 'positive', communication: 'negative' }],
    ['It took me three attempts to reach them.', { communication: 'negative' }],
    ['He hung up the phone before I was done talking.', { professionalism: 'negative' }],
    ["The owner doesn't know how to run a business.", { professionalism: 'negative' }],
    ['Nobody seemed to care.', { professionalism: 'negative' }],
    ['They charge you lots of money for it.', { price: 'negative' }],
  ] as [string, Record<string, string>][])('said as facts, rules alone: %s', (text, expected) => {
    expect(readAspects(text, { learned: false }) as Record<string, string>).toEqual(expected)
  })
})

describe('no complaint where the phrases do not apply (phrases.ts)', () => {
  test.each([
    // The customer's own ignorance, an ordinary project, a temporary fix that was the help
    ['I had no idea what they were doing but they explained it all.', 'professionalism'],
    ['I never finish a project without calling them.', 'quality'],
    ['Our AC was not cooling so we called them.', 'quality'],
    ['The price keeps dropping every year.', 'quality'],
    ['He hung up the TV on the wall.', 'professionalism'],
    ['They did nothing wrong, the part was defective.', 'quality'],
    ['Our old plumber never showed up, these guys came the same day.', 'punctuality'],
    ['Our old guy never showed up, these guys came the same day.', 'punctuality'],
    // A second reading's misfires, each now read right
    ['We called them multiple times this year and they were great every time.', 'communication'],
    ['We had to come back from vacation early because a pipe burst.', 'quality'],
    ["They didn't say no when I asked for a Saturday appointment.", 'communication'],
    ['The inspector said there was no concern for the foundation.', 'professionalism'],
    ['He got angry at the builder who installed it wrong.', 'professionalism'],
    ['It took them three days to fix the foundation, which is about what they quoted.', 'speed'],
    ['We had two leaks and they turned out to be from a cracked drain line.', 'quality'],
    ['I could not reconnect the hose myself so I called them.', 'quality'],
    ['The pipe did not show any signs of damage.', 'punctuality'],
    ['I hung up and called someone else.', 'professionalism'],
    ['The car was making a noise so we took it in.', 'quality'],
    ['They poured the patio and the shady sidewalk that leads to the front yard.', 'professionalism'],
    ['He did a temporary fix to get us through the weekend and came back Monday.', 'quality'],
    // A second reading's misfires, each now read right
    ['He was upfront that it was only a temporary fix until the new part came in.', 'quality'],
    ['He had no idea what was causing the leak at first, but he tracked it down within an hour.', 'professionalism'],
    ['They did a rush job for us when our pipe burst on a Saturday.', 'quality'],
    ["He couldn't reconnect the old fixture because it was rusted, so he replaced it.", 'quality'],
    ["The gas wasn't reconnected until the gas company came out the next day.", 'quality'],
    ['There was a misunderstanding on my part about the appointment time, but they were very gracious.', 'communication'],
    ['They did nothing but help us from start to finish.', 'quality'],
    ['Our schedules did not line up, so he came out on a Saturday.', 'quality'],
    ['He hung up and leveled the mirror.', 'professionalism'],
    ['It went to voicemail after hours, but they called first thing in the morning.', 'communication'],
    ['Our old AC company never returned calls.', 'communication'],
  ] as [string, string][])('no complaint, rules alone: %s', (text, aspect) => {
    expect((readAspects(text, { learned: false }) as Record<string, string>)[aspect]).not.toBe('negative')
  })
})

describe('no reading at all, rules alone', () => {
  test.each([
    'It took a great deal of patience to find the leak.',
    'I have very high standards and they did not meet them.',
    'They gave us no option but to pay the full amount.',
  ])('%s', (text) => {
    expect(readAspects(text, { learned: false }) as Record<string, string>).toEqual({})
  })
})

describe('conduct, parts and bills said plainly (phrases.ts, lexicon.ts)', () => {
  test.each([
    // Conduct in a word or two; respect not shown is no no-show
    ['Terrible behavior.', { professionalism: 'negative' }],
    ['This manager does not show any respect to her residents.', { professionalism: 'negative' }],
    ['I was treated with condescension and disrespect.', { professionalism: 'negative' }],
    ['The management seems vindictive.', { professionalism: 'negative' }],
    ['They are so ill mannered.', { professionalism: 'negative' }],
    ["She doesn't take responsibility for her mistakes.", { professionalism: 'negative' }],
    ['John is a first class mechanic.', { professionalism: 'positive' }],
    ['Cool people and excellent service.', { professionalism: 'positive' }],
    ['He is genuinely passionate about what he does.', { professionalism: 'positive' }],
    ['They went out of their way to help us.', { professionalism: 'positive' }],
    ['John really knows his stuff.', { professionalism: 'positive' }],
    ['Tom, the manager, really helped me out looking for new tenants.', { professionalism: 'positive' }],
    ['They could not help me out.', { professionalism: 'negative' }],
    ['The staff is well-trained.', { professionalism: 'positive' }],
    ['I was put off by the indifference and rudeness their staff shows customers.', { professionalism: 'negative' }],
    ['The response to my complaint was deceitful.', { professionalism: 'negative' }],
    // A person who "turned out to be" so is judged; an elderly man is no earlier tradesman.
    ['I was served by the owner, an elderly gentleman who turned out to be totally incompetent.', { professionalism: 'negative' }],
    ['Worst store ever, the old indian guy working there is so unprofessional and rude.', { professionalism: 'negative' }],
    // Notices, updates, being reachable, options and explanations
    ['The management never put up any notices.', { communication: 'negative' }],
    ['He kept us up to date in the process.', { communication: 'positive' }],
    ['They have not kept me updated.', { communication: 'negative' }],
    ['He was easy to contact.', { communication: 'positive' }],
    ['He called me right when it was done.', { communication: 'positive' }],
    ['They can not give us a reasonable explanation.', { communication: 'negative' }],
    ['There was a misunderstanding about the appointment time.', { communication: 'negative' }],
    ['He gave us several options.', { communication: 'positive' }],
    // Work praised as its result
    ['I really like the quality of work done here.', { quality: 'positive' }],
    ['All repairs have been to the highest standards.', { quality: 'positive' }],
    ['Our carpet looks and smells brand new.', { quality: 'positive' }],
    ['The fixtures are in good working order.', { quality: 'positive' }],
    ['Wish you could see our sparkling windows!', { quality: 'positive' }],
    // Parts not put back, a complaint answered with nothing done
    ['They had not reconnected a hose.', { quality: 'negative' }],
    ['The airbox was not tightened after the oil change.', { quality: 'negative' }],
    ['I told maintenance and they did nothing about it.', { quality: 'negative' }],
    // The customer had to bring the work back
    ['I had to take my car in again to have it fixed.', { quality: 'negative' }],
    // Bills and deals said plainly
    ["I feel I got my money's worth.", { price: 'positive' }],
    ['They gave me a really good deal on the whole thing.', { price: 'positive' }],
    ['They still raised our rent.', { price: 'negative' }],
    ['They charged us twice for the same job.', { price: 'negative' }],
    ['They solved my problems and charged me nothing.', { quality: 'positive', price: 'positive' }],
    ["They didn't want to charge me!", { price: 'positive' }],
    ['John really works with you to keep the cost down.', { price: 'positive' }],
    ['It felt like they were trying to get more money out of us.', { price: 'negative' }],
    ['They nickel and dimed me on little stuff.', { price: 'negative' }],
    ['When you get there the price goes up.', { price: 'negative' }],
    // A judgement of the business after "it was just" is no diagnosis.
    ['It was just a big rip off.', { price: 'negative' }],
  ] as [string, Record<string, string>][])('rules alone: %s', (text, expected) => {
    expect(readAspects(text, { learned: false }) as Record<string, string>).toEqual(expected)
  })
})

describe('work done wrong (phrases.ts, lexicon.ts)', () => {
  test.each([
    ['There were mistakes in the order.', { quality: 'negative' }],
    ['He made a mistake on the wiring.', { quality: 'negative' }],
    ['The TV was not centered.', { quality: 'negative' }],
    ['The paint started peeling after a month.', { quality: 'negative' }],
    ['The color chips came off after a week.', { quality: 'negative' }],
    ['They left the job half done.', { quality: 'negative' }],
    ['The work was not up to par.', { quality: 'negative' }],
    // The customer's own mistake, peeling paint as the job to be done, work half done by lunch.
    ['I made a mistake hiring them.', {}],
    ['We had peeling paint on the porch.', {}],
    ['They were half done by lunch.', {}],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })
})

describe('bills against what they should have been (phrases.ts)', () => {
  test.each([
    'My bill was $275 when it should have been around $50.',
    "They charged me for work they didn't do.",
    'A $100 fee just to come out.',
    'The estimate doubled.',
  ])('complaint: %s', (text) => {
    expect(read(text)).toEqual({ price: 'negative' })
  })

  test('a warranty not honoured and a refund still owed', () => {
    expect(read("They didn't honor the warranty.")).toEqual({ professionalism: 'negative' })
    expect(read('Still no refund.')).toEqual({ price: 'negative' })
  })

  test('hours that should have been are no bill', () => {
    expect(read('The job should have been 2 hours but took 6.').price).toBeUndefined()
  })
})

describe('pushed, scared or used (phrases.ts)', () => {
  test.each([
    'He pressured me into buying a new unit.',
    'They tried to scare me into a replacement.',
    'They took advantage of my elderly mother.',
    'He cursed at me.',
  ])('complaint: %s', (text) => {
    expect(read(text)).toEqual({ professionalism: 'negative' })
  })

  test('the customer taking advantage of an offer is no complaint', () => {
    expect(read('I was able to take advantage of my home warranty.').professionalism).toBeUndefined()
    expect(read('We took advantage of our service plan discount.').professionalism).toBeUndefined()
  })
})

describe('booking, care and parts (phrases.ts)', () => {
  test.each([
    ['They were very easy to book.', { speed: 'positive' }],
    ['It was hard to get an appointment.', { speed: 'negative' }],
    ['They took great care of our floors.', { quality: 'positive' }],
    ['They did their job with care.', { quality: 'positive' }],
    ['They used cheap parts.', { quality: 'negative' }],
    ['There is no consideration for the tenants.', { professionalism: 'negative' }],
    // A cheap part that saved the customer money, and financing named Care Credit.
    ['Instead of replacing the whole furnace, he replaced a cheap part and saved me thousands.', { price: 'positive' }],
    ['They work with Care Credit for financing.', {}],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })
})

describe('a fault not found, floors unprotected, work left (phrases.ts)', () => {
  test.each([
    ["He couldn't figure out the problem.", { quality: 'negative' }],
    ['He could not diagnose it.', { quality: 'negative' }],
    ["They didn't put down drop cloths.", { cleanliness: 'negative' }],
    ['The new toilet wobbles.', { quality: 'negative' }],
    ['The cleaners missed several spots.', { cleanliness: 'negative' }],
    // The trouble before the call, and a problem denied.
    ['The toilet wobbled, so we called them.', {}],
    ["I couldn't figure out which one, so we called them.", {}],
    ["My husband couldn't figure out what was wrong, so we called.", {}],
    ['Never had a problem since.', { quality: 'positive' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })
})

test("the customer's own search and a place on a schedule are no complaint", () => {
  expect(read("We tried for hours and couldn't figure out the problem, so we called them.").quality).not.toBe('negative')
  expect(read("I'd hate to miss my spot on their schedule.").cleanliness).toBeUndefined()
})

describe('rudeness and dishonesty shown by what was done (phrases.ts)', () => {
  test.each([
    'He shouted at me when I pointed out the leak.',
    'He smoked in our living room without asking.',
    'The plumber was on his phone for most of the visit.',
    'They ate our food from the fridge.',
    'He rolled his eyes and sighed every time I asked a question.',
    'He made fun of my English.',
    'The man walked off in the middle of the job after an argument about tea.',
    'They invented damage on the roof to get more work.',
    'The workers were drinking beer on the scaffold.',
  ])('complaint: %s', (text) => {
    expect(read(text)).toEqual({ professionalism: 'negative' })
  })

  test.each([
    'He shouted to his colleague to pass the wrench.',
    'We laughed at the whole thing afterwards.',
    'He smoked outside, which we appreciated.',
  ])('no complaint: %s', (text) => {
    expect(read(text).professionalism).toBeUndefined()
  })
})

describe('character and snubs said plainly (lexicon, silence.ts ignored, phrases.ts)', () => {
  test.each([
    // Character named in one word, said of people.
    ['The owner is devious and manipulative.', { professionalism: 'negative' }],
    ['Unscrupulous owner, avoid.', { professionalism: 'negative' }],
    ['The foreman bullied my elderly father.', { professionalism: 'negative' }],
    ['The office staff are cold and uncaring.', { professionalism: 'negative' }],
    ['The manager was callous about our flooded basement.', { professionalism: 'negative' }],
    ['The salesman was totally unknowledgeable.', { professionalism: 'negative' }],
    // Ignored in person is discourtesy; ignored messages, or ignored after asking, are silence (silence.ts ignored).
    ['The receptionist ignored us for ten minutes.', { professionalism: 'negative' }],
    ['The clerk kept ignoring customers while on his phone.', { professionalism: 'negative' }],
    ['She completely ignored me at the counter.', { professionalism: 'negative' }],
    ['He ignored my emails for two weeks.', { communication: 'negative' }],
    ['I asked twice for the certificate and they just ignored me.', { communication: 'negative' }],
    ['The receptionist at the front desk ignored us.', { professionalism: 'negative' }],
    ['We were ignored for twenty minutes at the counter.', { professionalism: 'negative' }],
    ['The cashier asked for my ID and then she ignored me.', { professionalism: 'negative' }],
    // Greeting is courtesy.
    ['Nobody even bothered to greet us.', { professionalism: 'negative' }],
    ['The girl at the desk did not even say hi.', { professionalism: 'negative' }],
    ['The owner greeted us warmly.', { professionalism: 'positive' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })
})

describe('value, appointments, chasing and work not as asked, said plainly (phrases.ts)', () => {
  test.each([
    // Not worth it: the value of what was paid for.
    ['Not worth it.', { price: 'negative' }],
    ['It is not worth it.', { price: 'negative' }],
    ['It was cheap, but not worth it.', { price: 'negative' }],
    // Money taken, in the customer's words.
    ['They will find creative ways to screw you out of money.', { price: 'negative' }],
    ['Their fees are a way to rob you.', { price: 'negative' }],
    ['The office and the painters are in this together to rob us.', { price: 'negative' }],
    ["Don't waste your money here.", { price: 'negative' }],
    // A late fee is the price; the customer's own rent paid on time is no punctuality of theirs.
    ['They charged us a late fee even though we paid on time.', { price: 'negative' }],
    ['They charged me a 50 dollar late fee.', { price: 'negative' }],
    ['They never charge late fees.', { price: 'positive' }],
    ['They harass you constantly despite paying rent on time every month.', { professionalism: 'negative' }],
    // Rescheduled, counted.
    ['They rescheduled my install three times.', { punctuality: 'negative' }],
    ['The company rescheduled our appointment twice.', { punctuality: 'negative' }],
    ['They rescheduled us two days in a row.', { punctuality: 'negative' }],
    // Called off on the day.
    ['At 9 he texted to say he could not make it.', { punctuality: 'negative' }],
    ["The roofer rang that morning to say they can't make it.", { punctuality: 'negative' }],
    // The customer had to chase them.
    ['I had to call them and ask about the status.', { communication: 'negative' }],
    ['We always had to call for updates.', { communication: 'negative' }],
    ['I had to follow up with them every single week.', { communication: 'negative' }],
    ['The contractor has yet to call us back.', { communication: 'negative' }],
    ['She has yet to return any of my calls.', { communication: 'negative' }],
    ["It's Friday and we haven't seen or heard from anyone.", { communication: 'negative' }],
    // What was asked for, not done.
    ['I asked for a trim and she did the exact opposite.', { quality: 'negative' }],
    ['The color was not what I asked for.', { quality: 'negative' }],
    ['The color was not what I wanted.', { quality: 'negative' }],
    // Another company had to put it right.
    ['Now I have to find another company to redo the grout.', { quality: 'negative' }],
    // Works only some of the time.
    ['The new opener works about half the time.', { quality: 'negative' }],
    ['The repaired thermostat only works sometimes.', { quality: 'negative' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })

  test.each([
    'Management has yet to call an exterminator.',
    'I expected a call saying she could not make it, but she came.',
    'I rescheduled it myself because of work.',
    'We ignored the noise and slept.',
    'They caught the fraud on my credit card and reversed the charges.',
    'The dog was vicious but the vet tech was calm.',
    'We were greeted by a flooded basement.',
    'Not what I wanted to hear, but he was honest about the engine.',
    "Don't waste your money on the big chains, go here.",
    "It's not worth it to go anywhere else.",
    'Someone tried to rob us last year, so we had cameras installed.',
    'The late fee is clearly stated in the lease.',
    'I had to call my bank and ask them to release the payment.',
    "I haven't seen or heard from the mice since they came.",
    'I have yet to call them back about the second bathroom.',
    'We found someone to fix the roof within a day.',
    'Our shed was robbed last winter, so we had new locks fitted.',
    'The dog ignored us and slept.',
    'I told my son to wear a coat and he ignored me.',
    'The owner never ignored us, even on busy days.',
  ])('no complaint of these kinds: %s', (text) => {
    expect(Object.values(read(text))).not.toContain('negative')
  })
})

describe("the customer's own cancellation, and a short wait said as short", () => {
  test.each([
    ['At this point I decided to cancel.', {}],
    ['I was ready to cancel the appointment because he was so rude!', { professionalism: 'negative' }],
    ['Canceling our contract was the best decision.', {}],
    ['Cancelling at the last minute seems to be their specialty.', { punctuality: 'negative' }],
    ['When I called, the office cancelled my appointment for no reason.', { punctuality: 'negative' }],
    ['They cancelled on me twice.', { punctuality: 'negative' }],
    ['They cancelled the appointment an hour before.', { punctuality: 'negative' }],
    ['The wait is never too long.', { speed: 'positive' }],
    ['Wait times are minimal.', { speed: 'positive' }],
    ['It only took a week!', { speed: 'positive' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })
})

describe('notice of a visit, and being kept in touch (phrases.ts)', () => {
  test.each([
    ['They did not give us notice that they were coming.', { communication: 'negative' }],
    ['They gave us no notice.', { communication: 'negative' }],
    ['We were given less than 24 hours notice.', { communication: 'negative' }],
    ['The water was turned off without giving sufficient notice.', { communication: 'negative' }],
    ['He always gave us notice of work days in advance.', { communication: 'positive' }],
    ['They gave us plenty of notice.', { communication: 'positive' }],
    // Out of touch, given the runaround, left on hold.
    ["They haven't been in touch since.", { communication: 'negative' }],
    ["He hasn't been in any contact with me since.", { communication: 'negative' }],
    ['We have had no contact since.', { communication: 'negative' }],
    ['They gave me the run around.', { communication: 'negative' }],
    ['I had been holding for 15 minutes.', { communication: 'negative' }],
    ["I haven't been in touch with them since, but the roof is fine.", { quality: 'positive' }],
    ['I gave notice to the landlord.', {}],
    ['They came on short notice.', {}],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })
})

describe('competence and sincerity said in a phrase (phrases.ts)', () => {
  test.each([
    'The mechanics there know nothing about diesels.',
    "The receptionist didn't know anything about my policy.",
    'Their electrician was an utter hack.',
    'Honestly a total hack with a nice truck.',
    'The leasing agents are only nice to you before you sign.',
    'He acts all nice when the owner is around.',
    'She acts friendly until you ask for your deposit back.',
  ])('professionalism complaint: %s', (text) => {
    expect(readAspects(text, { learned: false }).professionalism).toBe('negative')
  })

  test.each([
    // The customer's own ignorance.
    'I know nothing about cars, so he walked me through it.',
    "We didn't know anything about furnaces before this.",
  ])('no complaint: %s', (text) => {
    expect(readAspects(text, { learned: false }).professionalism).not.toBe('negative')
  })
})

describe('a garment damaged at the cleaners (phrases)', () => {
  test.each([
    'They shrunk my favourite sweater.',
    'The dress shrank two sizes at their shop.',
    'My coat came back two sizes smaller.',
    'The shirt came back with a scorch mark on the sleeve.',
  ])('quality complaint: %s', (text) => {
    expect(readAspects(text, { learned: false }).quality).toBe('negative')
  })

  test.each(['The budget shrank so we cut the scope.', 'My jeans shrank after I washed them at home.'])(
    'anything else that shrinks: %s',
    (text) => {
      expect(readAspects(text, { learned: false }).quality).not.toBe('negative')
    },
  )
})

describe("the customer's own words, not the staff's (phrases)", () => {
  test.each([
    'My husband knows nothing about plumbing, so they walked him through it.',
    'As someone who knows nothing about HVAC, I appreciated the patience.',
    'I should know better than to leave a review angry.',
    'As a frustrated owner of an old house, I was glad to find them.',
  ])('no professionalism complaint: %s', (text) => {
    expect(readAspects(text, { learned: false }).professionalism).not.toBe('negative')
  })

  test.each([
    'I hate getting my haircut, but she made it easy.',
    'I hate my job but love this salon.',
    'I can not cook for shit, so I love their meal service.',
  ])('no quality complaint: %s', (text) => {
    expect(readAspects(text, { learned: false }).quality).not.toBe('negative')
  })

  test('a decent amount is a quantity', () => {
    expect(readAspects('A decent amount of dust was left behind.', { learned: false }).cleanliness).toBe('negative')
  })
})

describe('common words of feeling, aspect-free (lexicon SENTIMENT)', () => {
  test.each([
    ['Customer service was inadequate.', { professionalism: 'negative' }],
    ['The staff was inexperienced.', { professionalism: 'negative' }],
    ['The manager talked to me in a nasty tone.', { professionalism: 'negative' }],
    ['Our technician was skilled and accommodating.', { professionalism: 'positive' }],
    ['The paint job was impeccable.', { quality: 'positive' }],
    ['Their fees are exorbitant.', { price: 'negative' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text, { learned: false }) as Record<string, string>).toEqual(expected)
  })
})

describe('a snub or a contradiction said in a phrase (phrases.ts)', () => {
  test.each([
    ['The clerk barely acknowledged my presence.', { professionalism: 'negative' }],
    ['You can barely understand what they are saying on the phone.', { communication: 'negative' }],
    ['He insisted that he had mailed the refund.', { professionalism: 'negative' }],
    ['She insisted the stain was there before.', { professionalism: 'negative' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(readAspects(text, { learned: false }) as Record<string, string>).toMatchObject(expected)
  })

  test.each(['He insisted I not pay him for the quick fix.', 'They insisted on coming back to check it for free.'])(
    'insisting on a kindness: %s',
    (text) => {
      expect(readAspects(text, { learned: false }).professionalism).not.toBe('negative')
    },
  )
})

describe('patience, excuses, nerve and gossip (phrases.ts, lexicon)', () => {
  test.each([
    'A leasing agent had ABSOLUTELY no patience.',
    'She had zero patience with my kids.',
    'They showed no patience at all with my elderly mother.',
    'She stuttered and tried to make excuses.',
    'They gave us some BS excuse about the rental market.',
    'Inexperience is not an excuse.',
    'Being busy is not an excuse for rudeness.',
    'They had the audacity to park in my spot.',
    'I could hear them gossiping about the other customers.',
    'The response to my complaint was deceitful.',
  ])('professionalism complaint: %s', (text) => {
    expect(read(text).professionalism).toBe('negative')
  })

  test.each([
    // The customer's own patience, excuses and nerve, patience not needed, a polite phrase, clowns, the town's gossip.
    'I have no patience for bad service, and these guys were great.',
    'No patience needed, they were done in an hour.',
    'My husband has no patience for DIY, so we hired them.',
    'Having no patience myself, I really appreciated how calm the hygienist was.',
    'I made up some BS excuse to leave work early for the appointment.',
    'I had the audacity to ask for a discount and they gave me one!',
    'Excuse me, but the staff were lovely.',
    'The party company sent a bunch of clowns and the kids loved them.',
    'Great little salon to catch up on the town gossip.',
  ])('no professionalism complaint: %s', (text) => {
    expect(read(text).professionalism).not.toBe('negative')
  })
})

describe('cheap make in the work or the place (phrases.ts)', () => {
  test.each([
    'This place may be built with very cheap material.',
    'The house is cheaply built.',
    'He replaced the cables with cheap aftermarket parts.',
  ])('quality complaint, no price praise: %s', (text) => {
    expect(read(text)).toEqual({ quality: 'negative' })
  })

  test.each([
    // A thing, a service or a job that cost little is price praise.
    ['The carpet cleaning was cheap.', { price: 'positive' }],
    ['The paint job was cheap and looks great.', { price: 'positive', quality: 'positive' }],
    ['The carpet was cheap to replace, only $200 including fitting.', { price: 'positive' }],
    ['The countertop was surprisingly cheap for granite.', { price: 'positive' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })
})

describe('a price said without the usual words (lexicon COMPLAINT_WORDS, phrases.ts)', () => {
  test.each([
    'I thought it was a bit overprice considering it was just bangs.',
    'The readers I purchased were very highly priced.',
    'The bill was hefty.',
    'They will try to milk you for every penny.',
    'He picked the priciest option to stick it to a poor student.',
    'They charge exorbiant rents.',
    'He wanted me to pay him $55 for work that he did not do.',
  ])('price complaint: %s', (text) => {
    expect(read(text).price).toBe('negative')
  })

  test.each([
    'The farmer will milk the cows.',
    'They offered me milk with my coffee while I waited.',
    'The farm shop sells fresh milk you can collect at the counter.',
    'I asked them for work they could not do, and they referred me to a specialist.',
    'I would have paid more, it was far from the priciest.',
  ])('no price complaint: %s', (text) => {
    expect(read(text).price).not.toBe('negative')
  })
})

describe('an office never staffed, a warning never given (phrases.ts)', () => {
  test.each([
    ['They are never in the office.', { punctuality: 'negative' }],
    ['The manager is NEVER in her office during office hours.', { punctuality: 'negative' }],
    ['The rental office manager was NEVER around.', { punctuality: 'negative' }],
    ['I was never given any form of warning.', { communication: 'negative' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })

  test.each([
    // The customer's own office, a relative's or a boss's; the customer's own warning.
    'I am never in the office on Fridays, so they came on Saturday.',
    "I'm never in the office, so they emailed me the invoice.",
    'My husband is never in the office, so the technician called his mobile.',
    'My boss is never in the office, so I booked the repair myself.',
  ])('no punctuality complaint: %s', (text) => {
    expect(read(text).punctuality).not.toBe('negative')
  })

  test('not the customer who gave no warning', () => {
    expect(read('I never gave them any warning and they still came the same day.').communication).not.toBe('negative')
  })
})

describe('a result unlike what was asked for or shown (phrases.ts)', () => {
  test.each([
    'My hair looks nothing like the picture I showed her!',
    'It was nothing like what I asked for.',
    'She cut it way shorter than I asked.',
    'She took off more than I wanted.',
    'The highlights were lighter than I wanted.',
  ])('quality complaint: %s', (text) => {
    expect(read(text).quality).toBe('negative')
  })

  test.each(['They did more than I asked and charged nothing extra.', 'It came out even better than I wanted.'])(
    'no quality complaint: %s',
    (text) => {
      expect(read(text).quality).not.toBe('negative')
    },
  )
})

describe('charges for everything, and for wear and tear (phrases.ts)', () => {
  test.each([
    ['They charge you for everything the insurance will pay for.', { price: 'negative' }],
    ['They completely disregard normal wear and tear.', { price: 'negative' }],
    ['We got a bill that said above normal wear and tear.', { price: 'negative' }],
    ['We lost a lot of money to him before switching dentists.', { price: 'negative' }],
    // Denied, it is praise.
    ['They do not charge you for everything like other shops.', { price: 'positive' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })
})

describe('a rebuke: "no need to be rude" (phrases.ts)', () => {
  test.each([
    ['There is no need to be rude.', { professionalism: 'negative' }],
    ['There was no need to yell at my wife.', { professionalism: 'negative' }],
    ['No need to be so condescending.', { professionalism: 'negative' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })

  test('a denied rudeness elsewhere in the sentence stays praise', () => {
    expect(read('They were never rude.')).toEqual({ professionalism: 'positive' })
    expect(read('No need to worry about rude technicians here, everyone is polite.').professionalism).not.toBe('negative')
  })
})

describe('a decline: "their customer service has suffered" (phrases.ts)', () => {
  test.each([
    ['Their customer service has suffered.', { professionalism: 'negative' }],
    ['The quality of their work has suffered lately.', { quality: 'negative' }],
    ['Customer service has really suffered since the new manager.', { professionalism: 'negative' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })

  test('denied, or not the work, no complaint', () => {
    expect(read('The service has not suffered at all since the move.')).toEqual({})
    expect(read('The service suffered no interruption during the upgrade.')).toEqual({})
    expect(read('The air quality suffered for weeks before they cleaned the ducts.').quality).not.toBe('negative')
  })
})

describe('a complaint named as one: "my only complaint is the price" (phrases.ts)', () => {
  test.each([
    ['My only complaint is the price.', { price: 'negative' }],
    ['My biggest complaint is the price.', { price: 'negative' }],
    ['The only negative reviews are from people who did not read the contract.', {}],
    ['The only negative was their communication.', { communication: 'negative' }],
    ['The one drawback was the communication.', { communication: 'negative' }],
    // Denied, or no aspect named: no complaint.
    ['Not one complaint about the price.', { price: 'positive' }],
    ["My only complaint is that I didn't find them sooner.", {}],
    ['One complaint I had with the previous company was the price.', {}],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })
})

describe('reachability, being heard, the bill against the quote, mistakes billed (phrases.ts, customers-own.ts)', () => {
  test.each([
    ['They could never be reached by phone.', 'communication', 'negative'],
    ["The office can't be reached for days at a time.", 'communication', 'negative'],
    ['Once they had our deposit, the owner could not be reached.', 'communication', 'negative'],
    ["I don't feel understood.", 'communication', 'negative'],
    ['I never felt heard by the office staff.', 'communication', 'negative'],
    ['We felt listened to from the first call.', 'communication', 'positive'],
    ['There was a big difference between the quote and the bill.', 'price', 'negative'],
    ['There was no difference between the estimate and the invoice.', 'price', 'positive'],
    ['They charged us for fixing their mistake.', 'price', 'negative'],
    ['He billed us for his own mistakes.', 'price', 'negative'],
  ])('%s: %s %s', (text, aspect, polarity) => {
    expect(read(text)[aspect]).toBe(polarity)
  })

  // The reviewer's traps: the customer's own, a time, a time estimate, another company's estimate.
  test.each([
    ['I could not be reached that day, so they rescheduled.', 'communication'],
    ["We couldn't be reached for a week and they kept trying.", 'communication'],
    ['They can be reached any time, day or night.', 'communication'],
    ['They charged me for my mistake, which is fair enough.', 'price'],
    ['They charged me for my own mistake, fair enough.', 'price'],
    ['The schedule was different from the estimate they gave us.', 'price'],
    ['Their estimate was different from the other estimates we got, much lower.', 'price'],
    ['The difference between the two quotes was huge.', 'price'],
    ['I made a mistake with the booking and they did not charge me for it.', 'price'],
    ['It was late on Christmas Eve when our furnace died.', 'punctuality'],
    ['I was late on my payment and they were gracious about it.', 'punctuality'],
  ])('no complaint: %s (%s)', (text, aspect) => {
    expect(read(text)[aspect]).not.toBe('negative')
  })
})
