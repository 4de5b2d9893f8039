/**
 * Deterministic generator of realistic reviews for the sample business: seeded, so the same
 * arguments always give the same bytes. Star ratings follow the J-shaped distribution real
 * businesses see; texts are composed from aspect clauses whose sentiment follows the rating, with
 * negations, contrasts and mixed reviews; every technician and service the text mentions is listed
 * in the record, and nothing else is.
 */
import type { Business, StoredReview } from '../reviews/schema'
import { sampleBusiness } from './business'
import { FOREIGN_TEXTS, LONG_PARAGRAPHS, type ForeignLanguage } from './languages'

export type GenerateOptions = { count: number; seed: number; endDate: string; years: number; business?: Business }

export const DEFAULT_OPTIONS: GenerateOptions = { count: 750, seed: 42, endDate: '2026-11-15', years: 3 }

/** mulberry32: small, fast, good enough for sample data, and identical on every platform. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Random = () => number
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!
const chance = (random: Random, p: number) => random() < p

/** 5★ 66%, 4★ 14%, 3★ 5%, 2★ 4%, 1★ 11%. */
const RATING_WEIGHTS: [number, number][] = [
  [5, 0.66],
  [4, 0.14],
  [3, 0.05],
  [2, 0.04],
  [1, 0.11],
]

function drawRating(random: Random): number {
  let u = random()
  for (const [rating, weight] of RATING_WEIGHTS) {
    if (u < weight) return rating
    u -= weight
  }
  return 5
}

type Polarity = 'positive' | 'negative'
type Aspect = 'punctuality' | 'price' | 'professionalism' | 'quality' | 'communication' | 'cleanliness' | 'speed'

/** Predicates take a person as subject ("showed up on time"); statements stand alone. */
type Clause = { predicate?: string; statement?: string }

const CLAUSES: Record<Aspect, Record<Polarity, Clause[]>> = {
  punctuality: {
    positive: [
      { predicate: 'showed up right on time' },
      { predicate: 'arrived exactly when promised' },
      { predicate: 'was never late, not once' },
      { predicate: 'got here early, even' },
      { statement: 'the arrival window was respected to the minute' },
    ],
    negative: [
      { predicate: 'showed up two hours late' },
      { predicate: 'was not on time' },
      { predicate: 'missed the appointment window entirely' },
      { statement: 'nobody showed up for the first appointment' },
      { predicate: "wasn't punctual at all" },
    ],
  },
  price: {
    positive: [
      { statement: 'the price was fair' },
      { statement: 'pricing was reasonable and upfront' },
      { statement: 'it was great value for the money' },
      { statement: "the bill wasn't expensive at all" },
      { statement: 'the quote was honest and they stuck to it' },
    ],
    negative: [
      { statement: 'the bill was way too high' },
      { statement: 'it felt overpriced for what was done' },
      { predicate: 'charged more than the original quote' },
      { statement: 'it was not cheap' },
      { statement: 'the price was a rip-off' },
    ],
  },
  professionalism: {
    positive: [
      { predicate: 'was very professional and courteous' },
      { predicate: 'was friendly and polite the whole time' },
      { predicate: 'treated our home with respect' },
      { predicate: 'was patient with all of our questions' },
    ],
    negative: [
      { predicate: 'was rude to my wife' },
      { predicate: 'had an unprofessional attitude' },
      { predicate: 'was not very friendly' },
      { predicate: 'seemed annoyed to be here' },
    ],
  },
  quality: {
    positive: [
      { statement: 'the repair has held up perfectly' },
      { predicate: 'did excellent work' },
      { predicate: 'fixed it right the first time' },
      { statement: 'everything works great now' },
      { statement: 'the workmanship is top notch' },
    ],
    negative: [
      { statement: 'the problem came back a week later' },
      { predicate: 'did sloppy work' },
      { predicate: "didn't actually fix the issue" },
      { statement: 'the repair failed within a month' },
      { statement: 'the work was poor quality' },
    ],
  },
  communication: {
    positive: [
      { predicate: 'explained everything clearly' },
      { predicate: 'kept us updated by text' },
      { predicate: 'answered all my questions' },
      { statement: 'the office called to confirm the day before' },
    ],
    negative: [
      { statement: 'the office never called back' },
      { statement: 'communication was poor' },
      { predicate: "didn't explain what was being done" },
      { statement: 'nobody told us about the delay' },
    ],
  },
  cleanliness: {
    positive: [
      { predicate: 'cleaned up after the job' },
      { predicate: 'left the place spotless' },
      { predicate: 'wore shoe covers and laid down drop cloths' },
    ],
    negative: [
      { predicate: 'left a mess in the basement' },
      { predicate: 'left debris everywhere' },
      { predicate: "didn't clean up afterwards" },
    ],
  },
  speed: {
    positive: [
      { statement: 'we got a same-day appointment' },
      { predicate: 'finished quickly' },
      { predicate: 'came out within hours of my call' },
      { statement: 'the whole job took less than an hour' },
    ],
    negative: [
      { statement: 'it took three weeks to get an appointment' },
      { statement: 'the job dragged on for days' },
      { statement: 'we had to wait a week for parts' },
      { predicate: 'was really slow' },
    ],
  },
}

const ASPECTS = Object.keys(CLAUSES) as Aspect[]

const OPENERS = [
  'Called {business} about our {service}.',
  'We needed help with a {service}.',
  'Needed someone for our {service} on short notice.',
  'Hired them for the {service}.',
  'Had {business} out for the {service}.',
  'Booked a visit for our {service}.',
]
const OPENERS_NO_SERVICE = [
  'Called {business} for a repair.',
  'Second time using this company.',
  'Found them online after a neighbor recommended them.',
]

const CLOSERS: Record<number, string[]> = {
  5: [
    'Highly recommend!',
    'Will definitely use them again.',
    'Five stars, no question.',
    'Thank you, {business}!',
    'Best service company in town. 👍',
    'Couldn’t be happier.',
  ],
  4: ['Would use again.', 'Recommended overall.', 'Good experience.', 'Solid company.'],
  3: ['Mixed feelings.', 'It was okay.', 'Might try someone else next time.', 'Average experience.'],
  2: ['Not impressed.', 'Expected better.', 'Probably won’t call again.'],
  1: ['Would not recommend.', 'Avoid this company.', 'Terrible experience.', 'Never again.'],
}

const SHORT_TEXTS: Record<number, string[]> = {
  5: ['Great job!', 'Excellent service.', 'Fast, friendly and fair. ⭐⭐⭐⭐⭐', 'Awesome crew.', 'Perfect.'],
  4: ['Good work, fair price.', 'Pretty good service.', 'Did the job.'],
  3: ['Okay service.', 'Fine, nothing special.'],
  2: ['Slow and pricey.', 'Meh.'],
  1: ['Terrible.', 'Awful service.', 'Never showed up.'],
}

const FIRST_NAMES = [
  'Jane',
  'Robert',
  'Maria',
  'Kevin',
  'Linda',
  'Chris',
  'Angela',
  'Daniel',
  'Noor',
  'Emily',
  'Marcus',
  'Hannah',
  'Luis',
  'Grace',
  'Wei',
  'Olivia',
  'Brandon',
  'Fatima',
  'Greg',
  'Megan',
  'Zoë',
  'Renée',
  'Björn',
  'Carlos',
  'Diane',
  'Ethan',
  'Keiko',
  'Paul',
  'Rachel',
  'Sam',
]
const LAST_INITIALS = 'ABCDEFGHJKLMNOPRSTVWY'.split('')
const PEOPLE = ['the technician', 'the tech', 'they', 'the crew']

/** Which aspects a review of this rating talks about, and how it feels about each. */
function aspectPlan(random: Random, rating: number): { aspect: Aspect; polarity: Polarity }[] {
  const count = 1 + Math.floor(random() * 3)
  const aspects: Aspect[] = []
  while (aspects.length < count) {
    const aspect = pick(random, ASPECTS)
    if (!aspects.includes(aspect)) aspects.push(aspect)
  }
  const positiveShare = { 5: 1, 4: 0.8, 3: 0.5, 2: 0.25, 1: 0 }[rating as 1 | 2 | 3 | 4 | 5]
  const plan = aspects.map((aspect) => ({ aspect, polarity: (random() < positiveShare ? 'positive' : 'negative') as Polarity }))
  // A mixed review (3★) always has both sides.
  if (rating === 3 && plan.length > 1 && plan.every((p) => p.polarity === plan[0]!.polarity)) {
    plan[plan.length - 1]!.polarity = plan[0]!.polarity === 'positive' ? 'negative' : 'positive'
  }
  return plan
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
/** The subject is asked for only when the clause needs one, so a technician is named only in the text that lists them. */
const renderClause = (clause: Clause, subject: () => string) => clause.statement ?? `${subject()} ${clause.predicate}`

type Mention = { technician?: { name: string; form: string }; service?: { id: string; alias: string } }

function chooseMention(random: Random, business: Business): Mention {
  const mention: Mention = {}
  if (chance(random, 0.6)) {
    const { name } = pick(random, business.technicians)
    const first = name.split(' ')[0]!
    const unaccented = first.normalize('NFD').replace(/\p{M}/gu, '')
    mention.technician = { name, form: pick(random, [name, first, first, unaccented]) }
  }
  if (chance(random, 0.85)) {
    const service = pick(random, business.services)
    mention.service = { id: service.id, alias: pick(random, service.aliases ?? [service.name.toLowerCase()]) }
  }
  return mention
}

function composeText(random: Random, rating: number, business: Business, mention: Mention): string {
  const fill = (template: string) =>
    template.replaceAll('{business}', business.name).replaceAll('{service}', mention.service?.alias ?? 'repair')
  const sentences = [fill(pick(random, mention.service ? OPENERS : OPENERS_NO_SERVICE))]

  let techNamed = false
  const subject = () => {
    if (mention.technician && !techNamed) {
      techNamed = true
      return mention.technician.form
    }
    return pick(random, PEOPLE)
  }
  const clauseFor = (step: { aspect: Aspect; polarity: Polarity }) => pick(random, CLAUSES[step.aspect][step.polarity])

  const plan = aspectPlan(random, rating)
  for (let i = 0; i < plan.length; i++) {
    const step = plan[i]!
    const next = plan[i + 1]
    if (next && next.polarity !== step.polarity && chance(random, 0.8)) {
      // Contrast: "X, but Y" / "Although X, Y" / "X; however, Y".
      const first = renderClause(clauseFor(step), subject)
      const second = renderClause(clauseFor(next), () => pick(random, ['they', 'the tech']))
      const form = pick(random, ['but', 'although', 'however'])
      if (form === 'but') sentences.push(`${capitalize(first)}, but ${second}.`)
      else if (form === 'although') sentences.push(`Although ${first}, ${second}.`)
      else sentences.push(`${capitalize(first)}; however, ${second}.`)
      i++
      continue
    }
    const intensifier = chance(random, 0.15) ? pick(random, ['Honestly, ', 'To be fair, ', 'Frankly, ']) : ''
    const sentence = renderClause(clauseFor(step), subject)
    sentences.push(intensifier ? `${intensifier}${sentence}.` : `${capitalize(sentence)}.`)
  }
  if (mention.technician && !techNamed) {
    const form = mention.technician.form
    sentences.push(form.includes(' ') ? `${form} handled the visit.` : `${form}'s work was ${rating >= 4 ? 'great' : 'disappointing'}.`)
  }
  if (chance(random, 0.7)) sentences.push(fill(pick(random, CLOSERS[rating]!)))
  return sentences.join(' ')
}

function ownerResponse(random: Random, rating: number, author: string, business: Business): string {
  const first = author.split(' ')[0]!
  if (rating >= 4) {
    return pick(random, [
      `Thank you, ${first}! We appreciate you choosing ${business.name}.`,
      `Thanks for the kind words, ${first}. We'll pass them on to the team.`,
      `We're glad we could help, ${first}. See you at your next visit!`,
    ])
  }
  return pick(random, [
    `${first}, we're sorry we let you down. Please call our office so we can make this right.`,
    `We apologize for your experience, ${first}. A manager will reach out to you today.`,
    `This is not the standard we hold ourselves to. Please contact us at ${business.telephone}.`,
  ])
}

/** A story of 2,000+ characters in paragraphs: real customers write these, and every output must carry them whole. */
function composeLongText(random: Random, rating: number, business: Business, mention: Mention): string {
  const sets = LONG_PARAGRAPHS[rating >= 4 ? 'positive' : 'negative']
  const fill = (template: string) =>
    template
      .replaceAll('{business}', business.name)
      .replaceAll('{service}', mention.service?.alias ?? 'heating')
      .replaceAll('{tech}', mention.technician?.form ?? 'The technician')
  return sets.map((variants) => fill(pick(random, variants))).join('\n\n')
}

/** A review in German, Spanish or French; from Google, most carry Google's English translation. */
function composeForeign(
  random: Random,
  rating: number,
  business: Business,
): { text: string; language: ForeignLanguage; english: string; technician?: string } {
  const language = pick(random, ['de', 'de', 'es', 'fr'] as const)
  const tone = rating >= 4 ? 'positive' : rating <= 2 ? 'negative' : 'mixed'
  const { original, english } = pick(random, FOREIGN_TEXTS[language][tone])
  const technician = original.includes('{tech}') ? pick(random, business.technicians).name : undefined
  const first = technician?.split(' ')[0] ?? ''
  return { text: original.replaceAll('{tech}', first), english: english.replaceAll('{tech}', first), language, technician }
}

const DAY_MS = 86_400_000
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)

/** Reviews in generation order (not sorted); cheap enough to stream a million of them. */
export function* generateReviews(options: GenerateOptions): Generator<StoredReview> {
  const business = options.business ?? sampleBusiness
  const random = createRandom(options.seed)
  const totalDays = Math.round(options.years * 365.25)
  for (let index = 0; index < options.count; index++) {
    const rating = drawRating(random)
    // Density falls linearly with age: a business's review rate grows.
    const date = addDays(options.endDate, -Math.floor(totalDays * (1 - Math.sqrt(random()))))
    const short = chance(random, 0.12)
    const mention = short ? {} : chooseMention(random, business)
    let text = short ? pick(random, SHORT_TEXTS[rating]!) : composeText(random, rating, business, mention)
    const author = `${pick(random, FIRST_NAMES)} ${pick(random, LAST_INITIALS)}.`
    const source = pick(random, [
      'google',
      'google',
      'google',
      'google',
      'google',
      'google',
      'google',
      'direct',
      'direct',
      'yelp',
      'facebook',
    ])
    const kind = random()
    let language = 'en'
    let translation: StoredReview['translation'] = null
    let technicians = mention.technician ? [mention.technician.name] : []
    let services = mention.service ? [mention.service.id] : []
    if (!short && kind < 0.025) text = composeLongText(random, rating, business, mention)
    else if (kind > 0.94) {
      const foreign = composeForeign(random, rating, business)
      text = foreign.text
      language = foreign.language
      if (source === 'google' && chance(random, 0.75)) translation = { language: 'en', text: foreign.english }
      technicians = foreign.technician ? [foreign.technician] : []
      services = []
    }
    const respondProbability = rating <= 2 ? 0.7 : rating === 3 ? 0.5 : 0.2
    const response = chance(random, respondProbability)
      ? {
          date: [addDays(date, Math.floor(random() * 5)), options.endDate].sort()[0]!,
          text: ownerResponse(random, rating, author, business),
        }
      : null
    yield {
      id: `rv-${String(index + 1).padStart(6, '0')}`,
      rating,
      date,
      author,
      text,
      technicians,
      services,
      service_area: chance(random, 0.92) ? pick(random, business.service_areas) : null,
      source,
      verified: !chance(random, 0.015),
      response,
      language,
      translation,
    }
  }
}

export const newestFirst = (a: StoredReview, b: StoredReview) =>
  a.date === b.date ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.date < b.date ? 1 : -1

/** The dataset format of `import`: `{ business, reviews }`, reviews newest first. */
export function generateDataset(options: GenerateOptions = DEFAULT_OPTIONS): { business: Business; reviews: StoredReview[] } {
  return { business: options.business ?? sampleBusiness, reviews: [...generateReviews(options)].sort(newestFirst) }
}
