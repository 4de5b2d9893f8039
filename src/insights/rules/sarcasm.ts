/**
 * Sarcasm and scare quotes take praise back: they "fixed" it; "great communication, if you like talking to a
 * machine". (A sarcastic exclamation beside a plain complaint is read in aspects.ts.)
 */
import type { Clause } from './types'

const QUOTES = ['"', '“', '”', "'"]

/** Scare quotes take praise back: they "fixed" it. */
export function scareQuotes({ tokens, hits }: Clause): void {
  for (const h of hits)
    if (h.score > 0 && QUOTES.includes(tokens[h.start - 1]?.surface ?? '') && QUOTES.includes(tokens[h.end]?.surface ?? ''))
      h.score = -h.score
}

/** A sarcasm marker ("if you like talking to a machine") turns the clause's praise into blame. */
export function sarcasmMarkers({ hits }: Clause): void {
  if (hits.some((h) => h.entry.sarcasm)) for (const h of hits) if (h.score > 0) h.score = -h.score
}
