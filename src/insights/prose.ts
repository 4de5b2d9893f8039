/**
 * The summary and FAQ, written so they never say more than the figures beside them: a claim of praise
 * or complaint needs at least MIN_SUPPORT mentions on that side; shares are of the mentions that take a
 * side (neutral mentions do not count against an aspect); one aspect is never both the most praised and
 * the most criticised; the wording scales with the share and the number of mentions. Every number in a
 * sentence is a figure of the same document (or its percentage).
 */
import type { Business, Review } from '../reviews/schema'
import type { AspectInsight, Insights } from './schema'

export const MIN_SUPPORT = 3
const MIN_MENTIONS_FOR_BEST = 3
const ENTITY_REVIEW_IDS = 5

const round2 = (x: number) => Math.round(x * 100) / 100
/** A name in running text: lower case, but acronyms stay ("HVAC maintenance plan", "EV charger installation"). */
const inText = (name: string) =>
  name
    .split(' ')
    .map((w) => (w.length > 1 && w === w.toUpperCase() ? w : w.toLowerCase()))
    .join(' ')
const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 100) : 0)
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`
const polar = (a: AspectInsight) => a.sentiment.positive + a.sentiment.negative
const positiveShare = (a: AspectInsight) => (polar(a) ? a.sentiment.positive / polar(a) : 0)

/** How firmly to say it: by the share of mentions on the side and how many there are. */
function strength(share: number, count: number): 'consistently' | 'mostly' | 'often' | 'tentatively' {
  if (count < 10) return 'tentatively'
  if (share >= 0.9 && count >= 20) return 'consistently'
  if (share >= 0.75) return 'mostly'
  return 'often'
}

/**
 * The split, the side being claimed first, the noun agreeing with its own count: "8 positive mentions and 2
 * negative", "1 negative mention and 7 positive, 1 neutral".
 */
const figures = (a: AspectInsight, side: 'positive' | 'negative' = 'positive') => {
  const other = side === 'positive' ? 'negative' : 'positive'
  return (
    `${a.sentiment[side]} ${side} ${a.sentiment[side] === 1 ? 'mention' : 'mentions'} and ${a.sentiment[other]} ${other}` +
    (a.sentiment.neutral ? `, ${a.sentiment.neutral} neutral` : '')
  )
}

/**
 * Praised: at least MIN_SUPPORT positive mentions, most of the sided ones positive, most positive
 * mentions first. Criticised: at least MIN_SUPPORT negative mentions, most negative first, never one
 * of the two most praised (the summary names those), so no aspect is both.
 */
export function rankAspects(aspects: AspectInsight[]): { praised: AspectInsight[]; criticised: AspectInsight[] } {
  const praised = aspects
    .filter((a) => a.sentiment.positive >= MIN_SUPPORT && positiveShare(a) > 0.5)
    .sort((a, b) => b.sentiment.positive - a.sentiment.positive || positiveShare(b) - positiveShare(a) || a.id.localeCompare(b.id))
  const named = new Set(praised.slice(0, 2))
  const criticised = aspects
    .filter((a) => a.sentiment.negative >= MIN_SUPPORT && !named.has(a))
    .sort((a, b) => b.sentiment.negative - a.sentiment.negative || positiveShare(a) - positiveShare(b) || a.id.localeCompare(b.id))
  return { praised, criticised }
}

type FaqAspect = { question: string; yes: string; no: string }
const ASPECT_QUESTIONS: Record<string, FaqAspect> = {
  punctuality: {
    question: 'Are they punctual?',
    yes: 'reviewers find them punctual',
    no: 'reviewers report late arrivals or missed appointments',
  },
  price: { question: 'Are they good value for money?', yes: 'reviewers find the prices fair', no: 'reviewers find them expensive' },
  professionalism: {
    question: 'Are the technicians professional and courteous?',
    yes: 'reviewers describe them as professional and courteous',
    no: 'reviewers complain about courtesy',
  },
  quality: {
    question: 'Is the work done right?',
    yes: 'reviewers are happy with the quality of the work',
    no: 'reviewers report problems with the quality of the work',
  },
  speed: {
    question: 'How quickly can they come out?',
    yes: 'reviewers say they come out quickly',
    no: 'reviewers complain about waiting times',
  },
  communication: {
    question: 'Do they keep customers informed?',
    yes: 'reviewers praise their communication',
    no: 'reviewers complain about communication',
  },
  cleanliness: {
    question: 'Do they clean up after the job?',
    yes: 'reviewers say they leave the place clean',
    no: 'reviewers mention mess left behind',
  },
}

export function aspectAnswer(aspect: AspectInsight | undefined, wording: FaqAspect): { answer: string; review_ids: string[] } {
  if (!aspect || aspect.mention_count === 0) return { answer: 'No analysed review mentions this yet.', review_ids: [] }
  const { positive, negative } = aspect.sentiment
  const ids = aspect.examples.map((e) => e.review_id)
  const sided = positive + negative
  if (positive < MIN_SUPPORT && negative < MIN_SUPPORT) {
    return { answer: `Too few reviews take a side to say: ${figures(aspect)}.`, review_ids: ids }
  }
  const share = positive / sided
  let verdict: string
  if (positive >= MIN_SUPPORT && share >= 0.6) {
    const how = strength(share, positive)
    verdict =
      how === 'consistently'
        ? `Yes: ${wording.yes}, consistently.`
        : how === 'mostly'
          ? `Mostly: ${wording.yes}.`
          : how === 'often'
            ? `Often: ${wording.yes}, with reservations.`
            : `Probably, from few reviews: ${wording.yes}.`
  } else if (negative >= MIN_SUPPORT && share <= 0.4) {
    const how = strength(1 - share, negative)
    verdict =
      how === 'tentatively'
        ? `Possibly not, from few reviews: ${wording.no}.`
        : how === 'consistently'
          ? `No: ${wording.no}, consistently.`
          : `Often not: ${wording.no}.`
  } else verdict = `Opinions are divided.`
  const side = share < 0.5 ? 'negative' : 'positive'
  return {
    answer: `${verdict} ${figures(aspect, side)} (${percent(side === 'positive' ? positive : negative, sided)}% of those taking a side are ${side}).`,
    review_ids: ids,
  }
}

export function buildFaq(business: Business, reviews: Review[], insights: Insights): Insights['faq'] {
  const aspect = (id: string) => insights.aspects.find((a) => a.id === id)
  const faq: Insights['faq'] = Object.entries(ASPECT_QUESTIONS)
    .filter(([id]) => aspect(id))
    .map(([id, wording]) => ({
      question: wording.question,
      ...aspectAnswer(aspect(id), wording),
    }))

  const ranked = insights.entities.technicians.filter((t) => t.mention_count >= MIN_MENTIONS_FOR_BEST && t.average_rating !== null)
  const best = [...ranked].sort(
    (a, b) => b.average_rating! - a.average_rating! || b.mention_count - a.mention_count || a.name.localeCompare(b.name),
  )[0]
  faq.push({
    question: 'Who is the best-reviewed technician?',
    answer: best
      ? `${best.name}: an average of ${best.average_rating} stars over ${plural(best.mention_count, 'review')} that mention them (technicians with at least ${MIN_MENTIONS_FOR_BEST} mentions).`
      : `No technician is mentioned in at least ${MIN_MENTIONS_FOR_BEST} reviews yet.`,
    review_ids: best?.review_ids ?? [],
  })

  // Best technician for each of the three most-reviewed services, by co-mention.
  for (const service of insights.entities.services.slice(0, 3)) {
    if (service.mention_count === 0) continue
    const ofService = reviews.filter((r) => r.services.includes(service.id))
    const pairs = business.technicians
      .map(({ name }) => {
        const both = ofService.filter((r) => r.technicians.includes(name))
        return {
          name,
          n: both.length,
          average: both.length ? round2(both.reduce((s, r) => s + r.rating, 0) / both.length) : 0,
          ids: both.map((r) => r.id),
        }
      })
      .filter((p) => p.n >= MIN_SUPPORT)
      .sort((a, b) => b.average - a.average || b.n - a.n || a.name.localeCompare(b.name))
    const top = pairs[0]
    faq.push({
      question: `Who is the best-reviewed technician for ${inText(service.name)}?`,
      answer: top
        ? `${top.name}: ${plural(top.n, 'review')} mention both ${top.name.split(' ')[0]} and ${inText(service.name)}, averaging ${top.average} stars.`
        : `No technician is mentioned together with ${inText(service.name)} in at least ${MIN_SUPPORT} reviews yet.`,
      review_ids: top?.ids.slice(0, ENTITY_REVIEW_IDS) ?? [],
    })
  }

  const { '1': ones, '2': twos } = insights.ratings.distribution
  const give = (n: number) => (n === 1 ? 'gives' : 'give')
  const unhappy = `${plural(ones, 'review')} ${give(ones)} 1 star and ${twos} ${give(twos)} 2 stars`
  const { criticised } = rankAspects(insights.aspects)
  const complaints = criticised.slice(0, 3)
  faq.push({
    question: 'What do unhappy customers complain about?',
    answer:
      complaints.length === 0
        ? `${unhappy}; no aspect has at least ${MIN_SUPPORT} negative mentions.`
        : `${unhappy}. ${complaints.length === 1 ? 'The aspect with the most negative mentions is' : 'The aspects with the most negative mentions are'} ${listed(
            complaints.map((a) => `${inText(a.label)} (${a.sentiment.negative})`),
          )}.`,
    review_ids: complaints.flatMap((a) => a.examples.filter((e) => e.sentiment === 'negative').map((e) => e.review_id)),
  })
  return faq
}

export function buildSummary(business: Business, reviews: Review[], insights: Insights): string {
  if (reviews.length === 0) return `${business.name} has no published reviews yet.`
  const { average, distribution, replied } = insights.ratings
  const sentences = [
    `${business.name} has ${plural(reviews.length, 'verified review')} with an average of ${average} stars; ${percent(distribution['5'], reviews.length)}% give five stars.`,
  ]
  const languagesSentence = readingSentence(insights)
  if (languagesSentence) sentences.push(languagesSentence)
  const { praised, criticised } = rankAspects(insights.aspects)
  const praise = praiseSentence(praised.slice(0, 2))
  if (praise) sentences.push(praise)
  const worst = criticised[0]
  if (worst) {
    const lead =
      worst.sentiment.negative < 10
        ? 'A few customers complain about'
        : positiveShare(worst) > 0.5
          ? 'The most frequent complaint, from a minority of those who mention it, concerns'
          : 'The most frequent complaint concerns'
    sentences.push(`${lead} ${inText(worst.label)} (${figures(worst, 'negative')}).`)
  }
  const tech = insights.entities.technicians[0]
  if (tech && tech.mention_count > 0)
    sentences.push(
      `${tech.name} is the most mentioned technician (${plural(tech.mention_count, 'review')}, averaging ${tech.average_rating} stars).`,
    )
  const service = insights.entities.services[0]
  if (service && service.mention_count > 0)
    sentences.push(
      `The most reviewed service is ${inText(service.name)} (${plural(service.mention_count, 'review')}, averaging ${service.average_rating} stars).`,
    )
  sentences.push(`The business has replied publicly to ${replied} of its reviews (${percent(replied, reviews.length)}%).`)
  return sentences.join(' ')
}

/** "a", "a and b", "a, b and c". */
const listed = (items: string[]) => (items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`)

/**
 * Which reviews the aspects were read from, when not all of them: only reviews with text, and of those only
 * English text or an English translation. Every number is a figure of `languages` (stored languages).
 */
function readingSentence(insights: Insights): string | null {
  const { with_text: withText, analysed, counts, unknown_language: unknown } = insights.languages
  const total = insights.review_count
  const parts: string[] = []
  if (withText < total) parts.push(`${withText} of them have text; the others are star ratings alone`)
  if (analysed < withText) {
    const byLanguage = Object.entries(counts).map(([language, n]) => `${language} ${n}`)
    if (unknown) byLanguage.push(`unknown ${unknown}`)
    parts.push(
      `aspects are read from the ${plural(analysed, 'review')} in English or with an English translation, and the others are counted but not read (reviews by language: ${byLanguage.join(', ')})`,
    )
  } else if (withText < total) parts.push(`aspects are read from ${withText === 1 ? 'that one' : `all ${withText}`}`)
  if (!parts.length) return null
  const sentence = `${parts.join('; ')}.`
  return sentence[0]!.toUpperCase() + sentence.slice(1)
}

/** The verb phrase for praise of this strength: "consistently praise", "largely praise", "often praise", "praise". */
const PRAISE: Record<ReturnType<typeof strength>, string> = {
  consistently: 'consistently praise',
  mostly: 'largely praise',
  often: 'often praise',
  tentatively: 'praise',
}

/**
 * The most praised aspects (at most two) in one sentence whose adverb belongs to each aspect:
 * "Customers consistently praise professionalism (…) and largely praise quality of work (…)."
 * Praise from fewer than 10 positive mentions is "a few customers".
 */
export function praiseSentence(top: AspectInsight[]): string | null {
  if (!top.length) return null
  const how = top.map((a) => strength(positiveShare(a), a.sentiment.positive))
  const named = (a: AspectInsight) => `${inText(a.label)} (${figures(a)})`
  const [first, second] = top
  const [firstHow, secondHow] = how
  if (!second)
    return firstHow === 'tentatively' ? `A few customers praise ${named(first!)}.` : `Customers ${PRAISE[firstHow!]} ${named(first!)}.`
  if (firstHow === secondHow)
    return `${firstHow === 'tentatively' ? 'A few customers praise' : `Customers ${PRAISE[firstHow!]}`} ${named(first!)} and ${named(second)}.`
  if (firstHow === 'tentatively') return `A few customers praise ${named(first!)}, and customers ${PRAISE[secondHow!]} ${named(second)}.`
  if (secondHow === 'tentatively') return `Customers ${PRAISE[firstHow!]} ${named(first!)}; a few also praise ${named(second)}.`
  return `Customers ${PRAISE[firstHow!]} ${named(first!)} and ${PRAISE[secondHow!]} ${named(second)}.`
}
