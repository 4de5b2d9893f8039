/**
 * `reviews-service analyze --json`: how the analyser reads each line of text, as one JSON-serialisable
 * object per line, so anyone can audit a reading: the clauses and their scores, the cues matched in
 * each (the phrase, its score, whether a negation flipped it, the aspect it names), the aspects found
 * with their polarity and the clause they are quoted from, and the technicians, services and service
 * area the text names. Pure: no I/O, same input, same output. Given the star rating the texts were written with,
 * each is read as the insights read a review of that rating (rating-prior.ts); without one, as text alone.
 */
import type { Business } from '../reviews/schema'
import { sanitizeText } from '../core/text'
import { analyzeText, contextFor, polarityOf, type Polarity } from './analyzer'
import { createEnricher } from './enrich'
import { withRating } from './rating-prior'
import type { AspectId } from './lexicon'

export type ExplainedLine = {
  text: string
  score: number
  polarity: Polarity
  clauses: {
    text: string
    score: number
    polarity: Polarity
    aspects: AspectId[]
    cues: { phrase: string; score: number; negated: boolean; aspect: AspectId | null }[]
  }[]
  aspects: { aspect: AspectId; polarity: Polarity; score: number; clause: string; cues: string[] }[]
  technicians: string[]
  services: string[]
  service_area: string | null
}

export function explainLines(lines: string[], business: Business, rating?: number): ExplainedLine[] {
  const enrich = createEnricher(business)
  const context = contextFor(business)
  return lines.map((raw) => {
    const text = sanitizeText(raw)
    const analysis = withRating(analyzeText(text, context), rating)
    const mentions = enrich({
      id: '',
      rating: rating ?? 5,
      date: '1970-01-01',
      author: '',
      text,
      technicians: [],
      services: [],
      service_area: null,
      source: '',
      verified: true,
      response: null,
    })
    return {
      text,
      score: analysis.score,
      polarity: polarityOf(analysis.score),
      clauses: analysis.clauses.map((c) => ({
        text: c.text,
        score: c.score,
        polarity: polarityOf(c.score),
        aspects: c.aspects,
        cues: c.cues,
      })),
      aspects: analysis.aspects.map((a) => ({ aspect: a.aspect, polarity: a.sentiment, score: a.score, clause: a.clause, cues: a.cues })),
      technicians: mentions.technicians,
      services: mentions.services,
      service_area: mentions.service_area,
    }
  })
}
