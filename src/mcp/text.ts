/**
 * Text renderings of tool results, for models that read text rather than structuredContent (several
 * clients show the model only `content`): every review whole, its reply whole, the figures that
 * answer questions first, review ids in brackets so a model can follow up with get_review, and how
 * to get the next page.
 */
import type { Insights } from '../insights/schema'
import type { Review } from '../reviews/schema'

const EXAMPLE_EXCERPT = 140

const stars = (rating: number) => '★'.repeat(rating) + '☆'.repeat(5 - rating)
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text)
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`
const signed = (score: number) => `${score > 0 ? '+' : ''}${score.toFixed(2)}`

/** Continuation lines indented under their item, so multi-paragraph reviews stay readable as one entry. */
const indent = (text: string) => text.replace(/\n/g, '\n    ')

/** One review, whole: text and reply are never shortened. */
export function reviewLine(review: Review): string {
  const mentions = [...review.technicians, ...review.services].join(', ')
  // language and translation come with newer records (CONTRACT.md); older ones have neither.
  const extra = review as { language?: string | null; translation?: { language: string; text: string } | null }
  const language = extra.language && extra.language !== 'en' ? ` (${extra.language})` : ''
  const translation = extra.translation ? `\n  translation (${extra.translation.language}): ${indent(extra.translation.text)}` : ''
  const reply = review.response ? `\n  ↳ reply ${review.response.date}: ${indent(review.response.text)}` : ''
  return `- ${review.date} ${stars(review.rating)} ${review.author} [${review.id}]${mentions ? ` (${mentions})` : ''}${language}: ${
    indent(review.text) || '(rating only)'
  }${translation}${reply}`
}

export type PageText = { count: number; total: number; reviews: Review[]; next_cursor: string | null }

/**
 * A page of reviews: a header with the figures, each review whole, and, when more follow, the exact
 * call for the next page (the model only has to repeat its arguments with `cursor`).
 */
export function reviewPageText(page: PageText, what: string, tool: string, notes: string[] = []): string {
  const noteText = notes.length ? `\n${notes.map((n) => `Note: ${n}`).join('\n')}` : ''
  if (page.total === 0) return `No ${what}.${noteText}`
  if (page.count === 0) return `No more ${what} (${page.total} in all).${noteText}`
  const header = `${page.count} of ${page.total} ${what}, newest first:`
  const next = page.next_cursor
    ? `\n\nMore ${what} follow. For the next page call ${tool} again with the same arguments plus "cursor": "${page.next_cursor}".`
    : `\n\nThat is the last page.`
  return `${header}${noteText}\n${page.reviews.map(reviewLine).join('\n')}${next}`
}

type Split = { positive: number; negative: number; neutral: number }
const split = (s: Split) => `${s.positive} positive, ${s.negative} negative, ${s.neutral} neutral`
const ids = (reviewIds: string[]) => (reviewIds.length ? ` [${reviewIds.join(', ')}]` : '')
const average = (rating: number | null) => (rating === null ? '' : `, average ${rating}★`)

type Entity = { mention_count: number; average_rating: number | null; sentiment: Split; review_ids: string[] }
const entityFigures = (e: Entity) =>
  `${plural(e.mention_count, 'review')}${average(e.average_rating)}, ${split(e.sentiment)}${ids(e.review_ids)}`

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
