/** The insights schema for the OpenAPI document, whichever form the engine's schema module exports. */
import * as schemaModule from './schema'

export function insightsResponseSchema(): unknown {
  const candidate = (schemaModule as Record<string, unknown>).Insights
  return candidate ?? { type: 'object' }
}
