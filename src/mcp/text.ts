/**
 * Compact text renderings of tool results, for models that read text rather than structuredContent:
 * one line per item, the figures that answer questions first, review ids in brackets so a model can
 * follow up with get_review.
 */
import type { Insights } from '../insights/schema'
import type { Review } from '../reviews/schema'

const TEXT_EXCERPT = 280
const TEXT_LIST_MAX = 50
const EXAMPLE_EXCERPT = 140

const stars = (rating: number) => '★'.repeat(rating) + '☆'.repeat(5 - rating)
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text)
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`
const signed = (score: number) => `${score > 0 ? '+' : ''}${score.toFixed(2)}`

export function reviewLine(review: Review): string {
  const mentions = [...review.technicians, ...review.services].join(', ')
  const reply = review.response ? `\n  ↳ reply ${review.response.date}: ${clip(review.response.text, TEXT_EXCERPT)}` : ''
  return `- ${review.date} ${stars(review.rating)} ${review.author} [${review.id}]${mentions ? ` (${mentions})` : ''}: ${
    clip(review.text, TEXT_EXCERPT) || '(rating only)'
  }${reply}`
}

export function reviewListText(list: { count: number; total: number; reviews: Review[] }, what: string): string {
  if (list.total === 0) return `No ${what}.`
  const shown = list.reviews.slice(0, TEXT_LIST_MAX)
  const header = `${list.count} of ${list.total} ${what}, newest first:`
  const more = list.reviews.length > shown.length ? `\n(${list.reviews.length - shown.length} more in structuredContent)` : ''
  return `${header}\n${shown.map(reviewLine).join('\n')}${more}`
}

type Split = { positive: number; negative: number; neutral: number }
const split = (s: Split) => `${s.positive} positive, ${s.negative} negative, ${s.neutral} neutral`
const ids = (reviewIds: string[]) => (reviewIds.length ? ` [${reviewIds.join(', ')}]` : '')
const average = (rating: number | null) => (rating === null ? '' : `, average ${rating}★`)

type Entity = { mention_count: number; average_rating: number | null; sentiment: Split; review_ids: string[] }
const entityFigures = (e: Entity) => `${plural(e.mention_count, 'review')}${average(e.average_rating)}, ${split(e.sentiment)}${ids(e.review_ids)}`

const INSIGHT_SECTIONS: Record<keyof Insights & string, ((i: Insights) => string) | undefined> = {
  generated_at: undefined,
  review_count: undefined,
  ratings: undefined,
  languages: undefined,
  summary: (i) => i.summary,
  aspects: (i) =>
    `Aspects (mentions; sentiment; score from -1 to +1):\n${
      i.aspects
        .map((a) => {
          const examples = a.examples.map((e) => `\n  ${e.sentiment} [${e.review_id}]: "${clip(e.excerpt, EXAMPLE_EXCERPT)}"`).join('')
          return `- ${a.label} (${a.id}): ${plural(a.mention_count, 'mention')}; ${split(a.sentiment)}; score ${signed(a.score)}${examples}`
        })
        .join('\n') || '(none mentioned yet)'
    }`,
  entities: (i) =>
    [
      `Technicians:\n${
        i.entities.technicians
          .map((t) => {
            const aspects = t.aspects.map((a) => `${a.id} ${signed(a.score)}`).join(', ')
            return `- ${t.name}: ${entityFigures(t)}${aspects ? `; aspects: ${aspects}` : ''}`
          })
          .join('\n') || '(none mentioned yet)'
      }`,
      `Services:\n${i.entities.services.map((s) => `- ${s.name} (${s.id}): ${entityFigures(s)}`).join('\n') || '(none mentioned yet)'}`,
      `Service areas:\n${i.entities.service_areas.map((a) => `- ${a.name}: ${entityFigures(a)}`).join('\n') || '(none yet)'}`,
    ].join('\n\n'),
  topics: (i) =>
    `Recurring topics:\n${i.topics.map((t) => `- "${t.phrase}": ${plural(t.mention_count, 'mention')}, ${split(t.sentiment)}${ids(t.review_ids)}`).join('\n') || '(none yet)'}`,
  faq: (i) => `FAQ:\n${i.faq.map((f) => `Q: ${f.question}\nA: ${f.answer}${ids(f.review_ids)}`).join('\n')}`,
}

/** The whole insights object, or one section of it, as text. */
export function insightsText(insights: Insights, section?: keyof Insights): string {
  if (section) return INSIGHT_SECTIONS[section]?.(insights) ?? JSON.stringify(insights[section])
  const header = `Insights from ${plural(insights.review_count, 'verified review')} (computed ${insights.generated_at}).`
  const parts = Object.values(INSIGHT_SECTIONS).flatMap((render) => (render ? [render(insights)] : []))
  return [header, ...parts].join('\n\n')
}
