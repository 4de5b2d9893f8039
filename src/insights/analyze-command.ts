/** What `reviews-service analyze` prints for each text: how the analyser read it, one JSON line each. */
import type { Business } from '../reviews/schema'
import { sanitizeText } from '../core/text'
import { analyzeText } from './analyzer'
import { createEnricher } from './enrich'

export function runAnalyze(input: { texts: string[]; business: Business }): string[] {
  const enrich = createEnricher(input.business)
  return input.texts.map((raw) => {
    const text = sanitizeText(raw)
    const analysis = analyzeText(text)
    const mentions = enrich({ id: '', rating: 5, date: '1970-01-01', author: '', text, technicians: [], services: [], service_area: null, source: '', verified: true, response: null })
    return JSON.stringify({
      text,
      score: analysis.score,
      clauses: analysis.clauses,
      aspects: analysis.aspects.map(({ aspect, sentiment, score }) => ({ aspect, sentiment, score })),
      technicians: mentions.technicians,
      services: mentions.services,
      service_area: mentions.service_area,
    })
  })
}
