/** The insights engine: accuracy on labelled sentences, roster matching, and a small dataset checked figure by figure. */
import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { evaluate, parseLabelled } from '../../src/insights/evaluate'
import { createEnricher } from '../../src/insights/enrich'
import { computeInsights, InsightsEngine } from '../../src/insights/compute'
import { explainLines } from '../../src/insights/explain'
import { analyzeText, contextFor } from '../../src/insights/analyzer'
import { sampleBusiness } from '../../src/sample/business'
import { generateDataset } from '../../src/sample/generate'
import { Insights } from '../../src/insights/schema'
import { Value } from '@sinclair/typebox/value'
import type { Business, Review, StoredReview } from '../../src/reviews/schema'
import { polarityOf } from '../../src/insights/analyzer'
import { analyzeReview } from '../../src/insights/rating-prior'
import { business } from '../support/dataset'

const read = (name: string) => Bun.file(join(import.meta.dir, name)).text()
/** Held-out scores measured when this release's lexicon was settled: a floor that only rises. */
const HELD_OUT_FLOOR = { f1: 0.9, polarity: 0.95, foundAndRight: 0.85 }
/** Unambiguous five-star reviews (held out) that may yield a negative aspect: the target, 0, is met. */
const FIVE_STAR_FLOOR = 0

describe('accuracy on labelled review sentences', () => {
  const context = contextFor(sampleBusiness)
  test('the tuning set: F1, polarity and found-and-right at least 0.93', async () => {
    const items = parseLabelled(await read('labelled-sentences.txt'))
    expect(items.length).toBeGreaterThanOrEqual(300)
    const result = evaluate(items, context)
    // Measured 0.958 / 0.997 / 0.950 on 997 sentences when the lexicon was settled (each batch added before its fixes is harder).
    expect(result.f1.value).toBeGreaterThanOrEqual(0.93)
    expect(result.polarity.value).toBeGreaterThanOrEqual(0.95)
    expect(result.foundAndRight.value).toBeGreaterThanOrEqual(0.93)
  })

  test('the held-out set (never used for tuning): a floor that only rises', async () => {
    const items = parseLabelled(await read('held-out-sentences.txt'))
    expect(items.length).toBeGreaterThanOrEqual(150)
    const result = evaluate(items, context)
    // Measured F1 0.904, polarity 0.953, found-and-right 0.851 (bootstrap intervals: scripts/insights-accuracy.ts); raise these when it improves.
    expect(result.f1.value).toBeGreaterThanOrEqual(HELD_OUT_FLOOR.f1)
    expect(result.polarity.value).toBeGreaterThanOrEqual(HELD_OUT_FLOOR.polarity)
    expect(result.foundAndRight.value).toBeGreaterThanOrEqual(HELD_OUT_FLOOR.foundAndRight)
    // The interval is reported, and it brackets the point value.
    expect(result.f1.low).toBeLessThanOrEqual(result.f1.value)
    expect(result.f1.high).toBeGreaterThanOrEqual(result.f1.value)
    expect(Object.keys(result.perKind)).toContain('competitor')
  })

  test('five-star reviews used for tuning: none yields a negative aspect', async () => {
    const lines = (await read('five-star-tuning.txt')).split('\n').filter((l) => l.trim() && !l.startsWith('#'))
    expect(lines.length).toBeGreaterThanOrEqual(40)
    const complaining = lines.filter((l) => explainLines([l], sampleBusiness)[0]!.aspects.some((a) => a.polarity === 'negative'))
    expect(complaining).toEqual([])
  })

  test('one- and two-star reviews used for tuning: each yields a negative aspect', async () => {
    const lines = (await read('low-star-tuning.txt')).split('\n').filter((l) => l.trim() && !l.startsWith('#'))
    expect(lines.length).toBeGreaterThanOrEqual(15)
    const silent = lines.filter((l) => !explainLines([l], sampleBusiness)[0]!.aspects.some((a) => a.polarity === 'negative'))
    expect(silent).toEqual([])
  })

  test('unambiguous five-star reviews, held out: none yields a negative aspect', async () => {
    const lines = (await read('five-star-reviews.txt')).split('\n').filter((l) => l.trim() && !l.startsWith('#'))
    expect(lines.length).toBeGreaterThanOrEqual(40)
    const complaining = lines.filter((l) => explainLines([l], sampleBusiness)[0]!.aspects.some((a) => a.polarity === 'negative'))
    // Measured 1 of 40 when the held-out figures were first taken, 0 of 40 since return visits are told from failures.
    expect(complaining.length).toBeLessThanOrEqual(FIVE_STAR_FLOOR)
  })

  const aspects = (text: string) => Object.fromEntries(explainLines([text], sampleBusiness)[0]!.aspects.map((a) => [a.aspect, a.polarity]))

  test.each([
    // Negation and negative-polarity items
    ['He was not on time.', { punctuality: 'negative' }],
    ['Never late, never rude.', { punctuality: 'positive', professionalism: 'positive' }],
    ["I couldn't be happier with the quick service.", { speed: 'positive' }],
    ["Can't recommend Jose enough, such a nice guy.", { professionalism: 'positive' }],
    ['No complaints about the price.', { price: 'positive' }],
    ['Zero damages or issues.', { quality: 'positive' }],
    // A complaint and praise in one sentence: each clause keeps its own polarity.
    ["The tech wasn't on time, but Mike fixed the water heater quickly.", { punctuality: 'negative', speed: 'positive' }],
    ['The price was steep, but the work was excellent.', { price: 'negative', quality: 'positive' }],
    ['He arrived an hour late, but he finished the job quickly.', { punctuality: 'negative', speed: 'positive' }],
    ['Nobody called us back, but the repair itself was done fast.', { communication: 'negative', speed: 'positive' }],
    ['The bill was higher than quoted, but they were very polite.', { price: 'negative', professionalism: 'positive' }],
    ['Never had a problem since they replaced the valve.', { quality: 'positive' }],
    ["They didn't fix the issue.", { quality: 'negative' }],
    ["Wasn't friendly or helpful at all.", { professionalism: 'negative' }],
    ['The value for money is unbeatable.', { price: 'positive' }],
    // Idioms
    ['It cost us an arm and a leg.', { price: 'negative' }],
    ['Works like a charm.', { quality: 'positive' }],
    ['They kept me in the loop every step of the way.', { communication: 'positive' }],
    // Implicit cues
    ['Nobody answered the phone all day.', { communication: 'negative' }],
    ['The invoice was almost twice the original quote.', { price: 'negative' }],
    ['Nobody came to the second appointment either.', { punctuality: 'negative' }],
    ['Dispatch kept changing the time and never told us why.', { communication: 'negative' }],
    // Contrast and concession
    ['Friendly but expensive.', { professionalism: 'positive', price: 'negative' }],
    ['Although pricey, the workmanship is superb.', { price: 'negative', quality: 'positive' }],
    ['Great work except nobody ever sends the paperwork.', { quality: 'positive', communication: 'negative' }],
    ['Other than being rude, he was okay.', { professionalism: 'negative' }],
    // Competitors
    ['Much cheaper than the other quotes we got.', { price: 'positive' }],
    ['We called two other companies first and neither one called back.', {}],
    ['Unlike the last plumber, who never showed up, Mike was right on time.', { punctuality: 'positive' }],
    ['The previous electrician was rude and overcharged us.', {}],
    // Time words that are not lateness
    ['Later that week we had the gas company out to check the meter.', {}],
    ['Later that day the water was running clear again.', { quality: 'positive' }],
    ['We bought the place late last spring.', {}],
    ['He came out late at night on a holiday.', { speed: 'positive' }],
    ["Showed up at 3 for a 9 o'clock appointment.", { punctuality: 'negative' }],
    // The business's own services are not aspects
    ['Drain cleaning for the kitchen sink.', {}],
    // Sarcasm marked as such
    ['Amazing communication, if you like talking to an answering machine.', { communication: 'negative' }],
    // Speed words that are not about the service's speed
    ['Quick question: is the permit included?', {}],
    ['I quickly realized the shutoff valve was seized.', {}],
    ['We needed someone fast because the basement was flooding.', {}],
    ['Scott was quick to answer every one of my questions.', { communication: 'positive' }],
    ['He was quick to point fingers at the builder.', { professionalism: 'negative' }],
    ['They were able to come out the same day I called.', { speed: 'positive' }],
    ['Started leaking within a week.', { quality: 'negative' }],
    // Time words, clock times and weekdays
    ['Late Friday afternoon the breaker tripped.', {}],
    ['Arrived at 7:55 for an 8:00 appointment.', { punctuality: 'positive' }],
    ['Got there at 1:30 for a noon appointment.', { punctuality: 'negative' }],
    ['Called Monday, they were here Tuesday morning.', { speed: 'positive' }],
    ['Called on a Monday and nobody could come until the following Monday.', { speed: 'negative' }],
    ['It was almost 10 pm on a Sunday when he came out to get our heat back on.', { speed: 'positive' }],
    // Fronted negation, quantities, failure verbs, scare quotes, sarcasm without "but"
    ['Not once in five years have they been late.', { punctuality: 'positive' }],
    ['Not once did they show up when they said they would.', { punctuality: 'negative' }],
    ["Didn't leave a single speck of drywall dust.", { cleanliness: 'positive' }],
    ['After two days the tap dripped again.', { quality: 'negative' }],
    ['Not once has the breaker tripped since.', { quality: 'positive' }],
    ['Our sump pump failed during the storm and they had a new one in the same afternoon.', { speed: 'positive' }],
    ['The tech said the heater was about to fail.', {}],
    ['Toilet still runs all night after they "fixed" it.', { quality: 'negative' }],
    ['Great communication, I only had to call six times.', { communication: 'negative' }],
    ['$180 to flip a breaker, what a bargain.', { price: 'negative' }],
    // Someone else's work, the customer's household
    ['He was quick to blame the previous installer.', { professionalism: 'negative' }],
    ['The previous owner had done all the wiring himself and it was a mess.', {}],
    ['My husband fixed the fence while they worked on the boiler.', {}],
    // Concession within one aspect, competitors named by number, the trouble's own damage and mess
    ['Not cheap but worth it.', { price: 'positive' }],
    ['The price was a little higher than I expected, but the quote was fair.', { price: 'positive' }],
    ['Called three companies, two never called back and the third wanted $200 just to look.', {}],
    ['Called three companies, two never called back, Summit Ridge answered right away.', { communication: 'positive', speed: 'positive' }],
    ['Priya traced it to a cracked wax ring and had it sealed in an hour.', { speed: 'positive' }],
    ['They cracked a tile.', { quality: 'negative' }],
    ['The sewer line backed up into the basement during a rain storm, disgusting mess.', {}],
    ['The pipe burst and they left a mess.', { cleanliness: 'negative' }],
    ['The old panel was a fire waiting to happen.', {}],
    // Competitors in general or hired for another job; the trouble's history, diagnosis and noises; the customer's expectations
    ['The other company was rude but Mike was punctual.', { punctuality: 'positive' }],
    ['I have dealt with a lot of rude contractors but Dave was polite.', { professionalism: 'positive' }],
    ['The kitchen reno contractor had left the wiring a total mess.', {}],
    ['Our water heater was broken since one week.', {}],
    ['The heating failed on Friday and the emergency service came already after two hours.', {}],
    ['The heater failed again after two days.', { quality: 'negative' }],
    ['The drain had been slow for months.', {}],
    ['The tech was slow.', { speed: 'negative' }],
    ['It was just dust burning off the heat exchanger.', {}],
    ['They left dust everywhere.', { cleanliness: 'negative' }],
    ['The AC had been making a grinding noise all summer.', {}],
    ['There is a grinding noise since the install.', { quality: 'negative' }],
    ['I expected to pay a fortune.', {}],
    ['We waited too long to call.', {}],
    ['Stand up guy.', { professionalism: 'positive' }],
    // A new part the customer bought or fitted is the trouble called about; one the business fitted is its work
    ['The new faucet we bought online was leaking at the base.', {}],
    ['We installed a new disposal ourselves and it was leaking.', {}],
    ['The new faucet they installed was leaking at the base.', { quality: 'negative' }],
    ['The new faucet leaks.', { quality: 'negative' }],
    // The trouble's history and how long it lasted; the customer's own delay and expectations; every tradesman they knew
    ['Water pressure was terrible in the whole house for years.', {}],
    ['Their work has been terrible for years.', { quality: 'negative' }],
    ['We have used them for years and the work has been terrible lately.', { quality: 'negative' }],
    ['The toilet leaked at the base for ages because I kept putting off calling.', {}],
    // Waiting for someone to turn up is their lateness (punctuality), as the real train and dev splits label it.
    ['I waited ages for them to show up.', { punctuality: 'negative' }],
    ['I was ready to be ripped off.', {}],
    ['Every plumber I have ever called has tried to upsell me.', {}],
    ['Every technician they sent was polite.', { professionalism: 'positive' }],
    ['Tom found a failing pressure regulator and replaced it.', {}],
    // Diagnoses that list several things, other trades named again, what the customer thought they would face, slow speech
    ['Turned out to be a clogged drain line and a dirty filter.', {}],
    ['Turned out to be a bad capacitor and the tech was rude about it.', { professionalism: 'negative' }],
    ['I had been quoted a crazy amount by a big chain company.', {}],
    ['Three different roofers blamed the plumbing and the plumbers blamed the roof.', {}],
    ['The plumbers were rude.', { professionalism: 'negative' }],
    ["I thought we'd have to wait until Tuesday.", {}],
    ['He explained everything slow and clear.', { communication: 'positive' }],
    ['The tech was slow and sloppy.', { speed: 'negative', quality: 'negative' }],
    // A late review, the mistake of hiring someone else, a hidden fault's difficulty, "problem was", "worth the wait"
    ['Sorry for the late review!', {}],
    ['3 hrs late w/o calling', { punctuality: 'negative' }],
    ['I made the mistake of hiring a cheap handyman who made the leak worse.', {}],
    ['It took a while to track down the short.', {}],
    ['It took forever to find the leak.', { speed: 'negative' }],
    ['Problem was a dirty flame sensor.', {}],
    ['Waited a week for the appointment, totally worth the wait.', { speed: 'positive' }],
    ['Waited a week for the appointment, what a joke.', { speed: 'negative' }],
    // The object of a repair, the dread of calling anyone, the builder's work
    ['Dave patched the drywall stain.', {}],
    ['They left a stain on the carpet.', { quality: 'negative' }],
    ['He fixed it poorly.', { quality: 'negative' }],
    ['Honestly dreaded calling anyone after our last experience, the guy left a huge mess.', {}],
    ['The water softener was installed wrong by the builder and has never worked properly.', {}],
    ['The softener they installed has never worked properly.', { quality: 'negative' }],
    // Weeks of trouble, the customer's horrible week, a past habit of failing, the warranty company's plumber
    ['There was a horrible smell in the basement for weeks.', {}],
    ['No hot water for weeks because they never came.', { punctuality: 'negative' }],
    ['Horrible week: flooded basement and broken sump pump.', {}],
    ['The breaker would trip every time we used the kettle.', {}],
    ['The new breaker would trip every time we used the kettle.', { quality: 'negative' }],
    ['The plumber the home warranty sent out was useless.', {}],
    ['The plumber they sent out was useless.', { professionalism: 'negative' }],
    // Slang praise, the conditions of the job, "worth it" across sentences, the customer's own circle, everybody else
    ["Insane value, I'm still shocked at how low the bill was.", { price: 'positive' }],
    ['The price was insane.', { price: 'negative' }],
    ['The job was a nightmare crawlspace with spiders everywhere.', {}],
    ['The job was a nightmare.', { quality: 'negative' }],
    ['Pricey? Maybe a little. Worth it? Absolutely.', { price: 'positive' }],
    ['The worst part was waiting for my own electrician friend to admit he could not fix it.', {}],
    ['My husband was impressed with how quick they were.', { speed: 'positive' }],
    ['They fixed the thing everybody else said was impossible.', { quality: 'positive' }],
    // A return visit with what was needed is no failure; the trouble coming back is. The customer's rescheduling, a supplier's delay
    ['Tom came back the next morning with it.', { speed: 'positive' }],
    ['The tech left for lunch to pick up a part and was back in 40 minutes.', {}],
    ['The leak came back within a week.', { quality: 'negative' }],
    ['The clog was back in two days.', { quality: 'negative' }],
    ['The problem came back with a vengeance.', { quality: 'negative' }],
    ['I had to reschedule twice because of work.', {}],
    ['They had to reschedule twice.', { punctuality: 'negative' }],
    ["Ordered a special toilet that took 3 weeks to arrive, that's on the manufacturer.", {}],
    ['The install took 3 weeks.', { speed: 'negative' }],
    // Ages of trouble, someone's previous work
    ['We had low water pressure upstairs for ages.', {}],
    ['We waited for ages.', { speed: 'negative' }],
    ['They took ages.', { speed: 'negative' }],
    ["Can't believe how bad the previous wiring job was.", {}],
    // Someone met long before, another's mess cleaned up
    ['Had an awful experience with a plumber last spring who never finished the job.', {}],
    ['A contractor years ago botched our bathroom.', {}],
    ['We had a plumber out last week who was rude.', { professionalism: 'negative' }],
    ['Summit Ridge came in, cleaned up his mess, and finished in two days.', { cleanliness: 'positive' }],
    ['They left a mess.', { cleanliness: 'negative' }],
    ['Cracked our tile while pulling the old toilet.', { quality: 'negative' }],
    ['The AC was blowing warm air all summer.', {}],
    ['The AC they "fixed" blew warm air again the next afternoon.', { quality: 'negative' }],
    ["They didn't try to sell us a new water heater.", { professionalism: 'positive' }],
    ['They tried to sell me a $9,000 system when all I needed was a capacitor.', { professionalism: 'negative' }],
    // Appliance names, a pump losing pressure, trouble since the customer moved in
    ["Garbage disposal jammed with a spoon (don't ask).", {}],
    ['Our well pump lost pressure.', {}],
    ['The new pump lost pressure again.', { quality: 'negative' }],
    ['The old one had been dripping since we moved in.', {}],
    ['It has been dripping since we had them install it.', { quality: 'negative' }],
    ['The new faucet was dripping the next day.', { quality: 'negative' }],
  ] as [string, Record<string, string>][])('%s', (text, expected) => {
    expect(aspects(text) as Record<string, string>).toEqual(expected)
  })

  test("a cleaning company's cleanliness is the quality of its work", () => {
    const cleaners = { ...sampleBusiness, name: 'Sparkle Maids', description: 'House cleaning service.' }
    const read = (text: string) => Object.fromEntries(explainLines([text], cleaners)[0]!.aspects.map((a) => [a.aspect, a.polarity]))
    expect(read('They left the kitchen spotless.')).toEqual({ quality: 'positive' })
    expect(aspects('They left the kitchen spotless.')).toEqual({ cleanliness: 'positive' })
  })

  test('the learned component is told which cues name their aspect outright, the readings it may never drop', () => {
    const cues: { aspects: readonly string[]; explicit?: boolean }[] = []
    analyzeText('Good communication, and they called back.', { learned: false, onSentence: (_t, _r, c) => cues.push(...c) })
    expect(cues.filter((c) => c.explicit).map((c) => c.aspects)).toEqual([['communication']])
  })

  test('analyze --json: one serialisable object per line, with clauses, cues and negation', () => {
    const [line] = explainLines(["The tech wasn't on time, but Mike fixed the water heater quickly."], sampleBusiness)
    expect(JSON.parse(JSON.stringify(line))).toEqual(line!)
    expect(line!.clauses.map((c) => c.polarity)).toEqual(['negative', 'positive'])
    expect(line!.clauses[0]!.cues).toContainEqual({ phrase: 'on time', score: expect.any(Number), negated: true, aspect: 'punctuality' })
    expect(line!.aspects.map((a) => [a.aspect, a.polarity, a.clause])).toEqual([
      ['punctuality', 'negative', "The tech wasn't on time"],
      ['speed', 'positive', 'Mike fixed the water heater quickly.'],
    ])
    expect(line!.technicians).toEqual(['Mike Alvarez'])
    expect(line!.services).toEqual(['water-heater-repair'])
  })
})

describe('a five-star review, read with the shipped model and its rating', () => {
  const feelings = (text: string) =>
    Object.fromEntries(analyzeReview(text, 5, contextFor(sampleBusiness)).aspects.map((m) => [m.aspect, m.sentiment]))
  // Mild complaints the owner should see: the five-star shift (rating-prior.ts) was chosen to keep them. (Not written
  // as the unit tests' sentence pairs: those the training script reads as sentences without a rating.)
  test.each([
    ['Great work, a little pricey.', 'price'],
    ['Great job fixing our AC. They were a bit late.', 'punctuality'],
    ['The bill was a bit high.', 'price'],
    ['Great plumber. She was ten minutes late.', 'punctuality'],
    ['Fantastic team. The engineer was running late on the first day.', 'punctuality'],
  ])('%s', (text, aspect) => {
    expect(feelings(text)[aspect]).toBe('negative')
  })

  test('a lateness told as a story, not held against them, is doubted', () => {
    const text = 'They warned us they would run late and kept us posted. Great job on the furnace.'
    expect(feelings(text)).toMatchObject({ punctuality: 'neutral', quality: 'positive' })
  })
})

describe('roster matching', () => {
  const enrich = createEnricher(business)
  const base: StoredReview = {
    id: 'x',
    rating: 5,
    date: '2025-01-01',
    author: 'A',
    text: '',
    technicians: [],
    services: [],
    service_area: null,
    source: 'direct',
    verified: true,
    response: null,
  }
  const found = (text: string, extra: Partial<StoredReview> = {}) => enrich({ ...base, ...extra, text })

  test.each([
    ['Mike fixed it', ['Mike Alvarez']],
    ['MIKE ALVAREZ fixed it', ['Mike Alvarez']],
    ["Mike's van", ['Mike Alvarez']],
    ['Mike’s van', ['Mike Alvarez']],
    ['josé came', ['José Ramírez']],
    ['Jose Ramirez came', ['José Ramírez']],
    ["JOSE'S work", ['José Ramírez']],
    ['Sarah and Mike', ['Mike Alvarez', 'Sarah Chen']],
    ['Mikey came', []],
    ['Sarahs came', []],
    ['the jose-style fix', ['José Ramírez']],
  ] as [string, string[]][])('%s', (text, expected) => {
    expect(found(text).technicians.sort()).toEqual(expected)
  })

  test('a first name two technicians share needs the surname', () => {
    const twoMikes: Business = { ...business, technicians: [{ name: 'Mike Alvarez' }, { name: 'Mike Brown' }] }
    const e = createEnricher(twoMikes)
    expect(e({ ...base, text: 'Mike was great' }).technicians).toEqual([])
    expect(e({ ...base, text: 'Mike Brown was great' }).technicians).toEqual(['Mike Brown'])
  })

  test('services by alias or name, areas from the text, explicit mentions kept', () => {
    expect(found('The tankless unit and a clogged drain').services.sort()).toEqual(['drain-cleaning', 'water-heater-repair'])
    expect(found('New A/C compressor').services).toEqual(['ac-repair'])
    expect(found('Drainage? no').services).toEqual([])
    expect(found('Great work in Shelbyville').service_area).toBe('Shelbyville')
    expect(found('Great work in Shelbyville', { service_area: 'Springfield' }).service_area).toBe('Springfield')
    expect(found('nothing here', { technicians: ['Sarah Chen'], services: ['ac-repair'] })).toMatchObject({
      technicians: ['Sarah Chen'],
      services: ['ac-repair'],
    })
  })
})

/** Every number in the summary and FAQ answers is a figure of the same document (percentages aside, and the fixed 1, 2, 3 and 5 of the wording). */
function expectTraceable(insights: Insights) {
  const figures = new Set<string>()
  const collect = (value: unknown): void => {
    if (typeof value === 'number') figures.add(String(value))
    else if (Array.isArray(value)) value.forEach(collect)
    else if (value && typeof value === 'object') Object.values(value).forEach(collect)
  }
  collect({ ...insights, summary: undefined, faq: undefined })
  const wording = new Set(['1', '2', '3', '5'])
  for (const text of [insights.summary, ...insights.faq.map((f) => f.answer)]) {
    for (const [number] of text.replaceAll(/(\d+)%/g, '').matchAll(/\d+(\.\d+)?/g)) {
      expect({ text, number, known: figures.has(number) || wording.has(number) }).toEqual({ text, number, known: true })
    }
  }
}

describe('a small known dataset, figure by figure', () => {
  const r = (id: string, rating: number, date: string, text: string, technicians: string[] = [], services: string[] = []): Review => ({
    id,
    rating,
    date,
    author: 'A B.',
    text,
    technicians,
    services,
    service_area: 'Springfield',
    source: 'google',
    verified: true,
    response: null,
    language: 'en',
    translation: null,
  })
  // Newest first, as the catalog passes them.
  const reviews: Review[] = [
    r('k-10', 5, '2025-06-10', 'Mike was right on time and the price was fair.', ['Mike Alvarez'], ['water-heater-repair']),
    r('k-09', 5, '2025-06-01', 'Mike showed up early. Excellent work on the water heater.', ['Mike Alvarez'], ['water-heater-repair']),
    r('k-08', 1, '2025-05-20', 'José was two hours late and rude.', ['José Ramírez'], ['drain-cleaning']),
    r('k-07', 4, '2025-04-02', 'Friendly but expensive.', ['Sarah Chen'], ['ac-repair']),
    r('k-06', 2, '2025-03-15', 'The office never called back.', [], []),
    r('k-05', 5, '2025-02-01', 'Mike fixed the tankless unit quickly.', ['Mike Alvarez'], ['water-heater-repair']),
    r('k-04', 3, '2024-12-30', 'Okay.', [], []),
  ]
  const insights = computeInsights(business, reviews, '2025-07-01T00:00:00.000Z')
  const aspect = (id: string) => insights.aspects.find((a) => a.id === id)!

  test('matches the Insights schema and is deterministic', () => {
    expect(Value.Check(Insights, insights)).toBe(true)
    expect(JSON.stringify(computeInsights(business, reviews, '2025-07-01T00:00:00.000Z'))).toBe(JSON.stringify(insights))
    expect(insights.review_count).toBe(7)
  })

  test('aspects: counts, splits, scores, trend and examples', () => {
    expect(aspect('punctuality')).toMatchObject({ mention_count: 3, sentiment: { positive: 2, negative: 1, neutral: 0 } })
    expect(aspect('punctuality').trend).toEqual([
      {
        period: '2025-Q2',
        mention_count: 3,
        score: expect.any(Number),
        search_url: '/api/reviews/search?aspect=punctuality&since=2025-04-01&until=2025-06-30',
      },
    ])
    expect(aspect('punctuality').examples.map((e) => [e.review_id, e.sentiment])).toEqual([
      ['k-10', 'positive'],
      ['k-09', 'positive'],
      ['k-08', 'negative'],
    ])
    expect(aspect('price')).toMatchObject({ mention_count: 2, sentiment: { positive: 1, negative: 1, neutral: 0 } })
    expect(aspect('professionalism')).toMatchObject({ mention_count: 2, sentiment: { positive: 1, negative: 1, neutral: 0 } })
    expect(aspect('communication')).toMatchObject({ mention_count: 1, sentiment: { positive: 0, negative: 1, neutral: 0 } })
    expect(aspect('speed')).toMatchObject({ mention_count: 1, sentiment: { positive: 1, negative: 0, neutral: 0 } })
    expect(aspect('cleanliness').mention_count).toBe(0)
    // k-05 "fixed ... quickly" is about speed: a general word ("fix") yields to a specific cue.
    expect(aspect('quality').trend.map((t) => t.period)).toEqual(['2025-Q2'])
  })

  test('entities: mentions, average rating, rating-based sentiment, review ids', () => {
    const mike = insights.entities.technicians.find((t) => t.name === 'Mike Alvarez')!
    expect(mike).toMatchObject({
      mention_count: 3,
      average_rating: 5,
      sentiment: { positive: 3, negative: 0, neutral: 0 },
      review_ids: ['k-10', 'k-09', 'k-05'],
    })
    expect(insights.entities.technicians[0]!.name).toBe('Mike Alvarez')
    const jose = insights.entities.technicians.find((t) => t.name === 'José Ramírez')!
    expect(jose).toMatchObject({ mention_count: 1, average_rating: 1, sentiment: { positive: 0, negative: 1, neutral: 0 } })
    expect(insights.entities.services.find((s) => s.id === 'water-heater-repair')).toMatchObject({ mention_count: 3, average_rating: 5 })
    expect(insights.entities.service_areas.find((a) => a.name === 'Springfield')).toMatchObject({ mention_count: 7, average_rating: 3.57 })
  })

  test('FAQ answers come from the figures', () => {
    const answer = (q: string) => insights.faq.find((f) => f.question === q)!
    // 2 positive and 1 negative: below the 3 mentions a verdict needs.
    expect(answer('Are they punctual?').answer).toBe('Too few reviews take a side to say: 2 positive mentions and 1 negative.')
    expect(answer('Are they punctual?').review_ids).toEqual(['k-10', 'k-09', 'k-08'])
    expect(answer('Who is the best-reviewed technician?').answer).toBe(
      'Mike Alvarez: an average of 5 stars over 3 reviews that mention them (technicians with at least 3 mentions).',
    )
    expect(answer('Who is the best-reviewed technician for water heater repair?').answer).toBe(
      'Mike Alvarez: 3 reviews mention both Mike and water heater repair, averaging 5 stars.',
    )
    expect(answer('What do unhappy customers complain about?').answer).toBe(
      '1 review gives 1 star and 1 gives 2 stars; no aspect has at least 3 negative mentions.',
    )
  })

  test('every number in the summary and the FAQ appears among the figures', () => {
    expectTraceable(insights)
    expect(insights.summary).toContain('7 verified reviews')
  })

  test('an engine recomputes only what changed', async () => {
    const engine = new InsightsEngine()
    engine.compute(business, reviews, 'x')
    expect(engine.analysed).toBe(reviews.length)
    await engine.computeAsync(business, [r('k-11', 5, '2025-07-01', 'Brand new and on time.'), ...reviews], 'y')
    expect(engine.analysed).toBe(reviews.length + 1)
  })
})

describe('prose never says more than the figures', () => {
  const r = (id: string, rating: number, text: string, extra: Partial<Review> = {}): Review => ({
    id,
    rating,
    date: '2025-05-01',
    author: 'A B.',
    text,
    technicians: [],
    services: [],
    service_area: null,
    source: 'google',
    verified: true,
    response: null,
    language: null,
    translation: null,
    ...extra,
  })
  const reviews: Review[] = [
    r('p-1', 5, 'They came out quickly. Great price too.'),
    r('p-2', 5, "I couldn't be happier with the quick service."),
    r('p-3', 5, 'Fast and efficient service, and very polite.'),
    r('p-4', 5, 'Same day service! The price was fair.'),
    r('p-5', 4, 'Prompt response to our emergency, although the bill was steep.'),
    r('p-6', 2, 'Overpriced and the tech was rude.'),
    r('p-7', 1, 'Way too expensive for a simple faucet swap.'),
    // Mixed about price within one review: a neutral mention, which counts neither way.
    r('p-8', 3, 'The price was good. The bill was steep.'),
    r('p-9', 5, 'Die Arbeit wurde sehr sauber ausgeführt, wir sind sehr zufrieden.', { language: 'de' }),
    r('p-10', 5, 'Sehr freundlicher Techniker, gerne wieder.', {
      language: 'de',
      translation: { language: 'en', text: 'Very friendly technician, gladly again.' },
    }),
    r('p-11', 4, 'Der Preis war leider zu hoch.', { language: null }),
  ]
  const insights = computeInsights(business, reviews, '2025-07-01T00:00:00.000Z')
  const aspect = (id: string) => insights.aspects.find((a) => a.id === id)!

  test('other languages are counted, not read; a supplied English translation is read', () => {
    // Counted by the stored language (p-11's German words do not make it German: its stored language is null).
    expect(insights.languages).toEqual({ counts: { de: 2 }, unknown_language: 9, with_text: 11, analysed: 9, translated: 1 })
    expect(aspect('professionalism').sentiment).toEqual({ positive: 2, negative: 1, neutral: 0 })
    expect(insights.summary).toContain(
      'Aspects are read from the 9 reviews in English or with an English translation, and the others are counted but not read (reviews by language: de 2, unknown 9).',
    )
    expect(Value.Check(Insights, insights)).toBe(true)
  })

  test('an example quotes the clause whose own sentiment it is labelled with', () => {
    const speed = aspect('speed')
    expect(speed.sentiment).toEqual({ positive: 5, negative: 0, neutral: 0 })
    for (const a of insights.aspects)
      for (const e of a.examples)
        expect(polarityOf(explainLines([e.excerpt], business)[0]!.aspects.find((m) => m.aspect === a.id)!.score)).toBe(e.sentiment)
    // p-5's speed is praised in its first clause; its price complaint is not quoted as speed.
    expect(speed.examples.map((e) => e.excerpt)).not.toContain('the bill was steep.')
  })

  test('neutral mentions do not count against; praise and complaint need 3 mentions; never both', () => {
    const price = aspect('price')
    expect(price.sentiment).toEqual({ positive: 2, negative: 3, neutral: 1 })
    const faq = (q: string) => insights.faq.find((f) => f.question === q)!.answer
    expect(faq('How quickly can they come out?')).toBe(
      'Probably, from few reviews: reviewers say they come out quickly. 5 positive mentions and 0 negative (100% of those taking a side are positive).',
    )
    expect(faq('Are they good value for money?')).toBe(
      'Possibly not, from few reviews: reviewers find them expensive. 3 negative mentions and 2 positive, 1 neutral (60% of those taking a side are negative).',
    )
    expect(faq('Are the technicians professional and courteous?')).toBe(
      'Too few reviews take a side to say: 2 positive mentions and 1 negative.',
    )
    expect(faq('What do unhappy customers complain about?')).toBe(
      '1 review gives 1 star and 1 gives 2 stars. The aspect with the most negative mentions is price and value (3).',
    )
    expect(insights.summary).toContain('A few customers praise speed and availability (5 positive mentions and 0 negative).')
    expect(insights.summary).toContain('A few customers complain about price and value (3 negative mentions and 2 positive, 1 neutral).')
  })

  test('generated sample reviews: every number of the summary and FAQ is a figure', () => {
    const generated = generateDataset({ count: 400, seed: 3, endDate: '2026-11-15', years: 2 })
    const published = generated.reviews
      .filter((x) => x.verified)
      .map((x) => ({ ...x, verified: true as const, language: x.language ?? null, translation: x.translation ?? null }))
    expectTraceable(computeInsights(generated.business, published, '2026-11-16T00:00:00.000Z'))
  })

  test('one aspect is never both the most praised and the most criticised', () => {
    const many = Array.from({ length: 12 }, (_, k) => r(`m-${k}`, k % 2 ? 5 : 1, k % 2 ? 'The price was fair.' : 'Way too expensive.'))
    const mixed = computeInsights(business, many, '2025-07-01T00:00:00.000Z')
    const praisedPrice = /praise[^.]*price/.test(mixed.summary)
    const criticisedPrice = /complain[^.]*price/.test(mixed.summary)
    expect(praisedPrice && criticisedPrice).toBe(false)
    expect(praisedPrice || criticisedPrice).toBe(true)
  })
})

describe('topics a person would click', () => {
  const r = (id: string, text: string, rating = 5): Review => ({
    id,
    rating,
    date: '2025-05-01',
    author: 'A B.',
    text,
    technicians: [],
    services: [],
    service_area: null,
    source: 'google',
    verified: true,
    response: null,
    language: null,
    translation: null,
  })
  const reviews = [
    r('t-1', 'The new water heater works great.'),
    r('t-2', 'Our water heater was leaking, they replaced it the same day and the price was fair.'),
    r('t-3', 'They flushed the water heater and the sump pump runs fine now.'),
    r('t-4', 'The sump pump failed again a week later.', 1),
    r('t-5', 'The sump pump install was sloppy.', 2),
    r('t-6', 'Great job on the water heater.'),
    r('t-7', 'Mike Alvarez was great.'),
    r('t-8', 'Mike was very polite.'),
    r('t-9', 'Mike explained everything.'),
  ]
  const topics = computeInsights(business, reviews, '2025-07-01T00:00:00.000Z').topics
  const topic = (phrase: string) => topics.find((t) => t.phrase === phrase)

  test('noun phrases in at least 3 distinct reviews, one part merged into the other; names and opinions are not topics', () => {
    expect(topics.map((t) => t.phrase).sort()).toEqual(['sump pump', 'water heater'])
    expect(topic('water heater')!.mention_count).toBe(4)
  })

  test("each topic carries the sentiment of its clauses, not the review's stars", () => {
    expect(topic('sump pump')!.sentiment).toEqual({ positive: 1, negative: 2, neutral: 0 })
    expect(topic('water heater')!.sentiment.positive).toBeGreaterThanOrEqual(3)
  })
})

describe('a real-shaped multi-language export', async () => {
  const { reviews } = (await Bun.file(join(import.meta.dir, 'fixtures/multilingual-reviews.json')).json()) as { reviews: Review[] }
  const insights = computeInsights(sampleBusiness, reviews, '2026-11-01T00:00:00.000Z')

  test('languages counted, English and supplied translations read, the rest left out', () => {
    expect(insights.languages).toEqual({
      counts: { en: 14, de: 6, es: 2, fr: 1 },
      unknown_language: 1,
      with_text: 24,
      analysed: 21,
      translated: 6,
    })
    const quoted = insights.aspects.flatMap((a) => a.examples.map((e) => e.review_id))
    // German without a translation (ml-03, ml-21) and French (ml-06) are never quoted or counted.
    for (const id of ['ml-03', 'ml-06', 'ml-21']) expect(quoted).not.toContain(id)
    for (const t of insights.topics) expect(t.review_ids).not.toContain('ml-03')
    expect(Value.Check(Insights, insights)).toBe(true)
  })

  test('examples are English clauses that say what their label says; the problem to fix is not a complaint', () => {
    for (const a of insights.aspects) {
      for (const e of a.examples) {
        expect(e.excerpt).not.toMatch(/[äöüß]|\b(der|die|und|el|y)\b/)
        expect(polarityOf(explainLines([e.excerpt], sampleBusiness)[0]!.aspects.find((m) => m.aspect === a.id)!.score)).toBe(e.sentiment)
      }
    }
    // "Our water heater died on a Sunday night": why they were called, not a complaint about their work.
    const quality = insights.aspects.find((a) => a.id === 'quality')!
    expect(quality.examples.filter((e) => e.sentiment === 'negative').map((e) => e.review_id)).not.toContain('ml-01')
    const price = insights.aspects.find((a) => a.id === 'price')!
    expect(price.examples.filter((e) => e.sentiment === 'negative').map((e) => e.review_id)).toEqual(['ml-04', 'ml-09'])
  })

  test('every number of its summary and FAQ is a figure', () => expectTraceable(insights))

  test('the summary names the languages left out and claims only what has 3 mentions', () => {
    expect(insights.summary).toContain(
      'Aspects are read from the 21 reviews in English or with an English translation, and the others are counted but not read (reviews by language: en 14, de 6, es 2, fr 1, unknown 1).',
    )
    expect(insights.faq.find((f) => f.question === 'Who is the best-reviewed technician?')!.answer).toBe(
      'No technician is mentioned in at least 3 reviews yet.',
    )
  })
})
