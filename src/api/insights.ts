/** The read of the insights: GET /insights.json, computed from the published reviews by the service itself, once per data version. */
import { VersionCache } from '../catalog/version-cache'
import type { CachedRepresentation } from '../http/representation'
import { Insights } from '../insights/schema'
import { jsonResponse } from './openapi-parts'
import { READ_METHODS, type ReadContext, type ReadRoute } from './read-route'

export function insightsReads({ catalog }: ReadContext): ReadRoute[] {
  // The resolved representation per version, so a request after the first needs no promise.
  const ready = new VersionCache<CachedRepresentation>({ entries: 1, bytes: Number.POSITIVE_INFINITY, sizeOf: () => 0 })
  const current = (): CachedRepresentation | Promise<CachedRepresentation> => {
    const snapshot = catalog.current
    // While this version's insights are computed, the last stored ones are served (and not kept as this version's).
    return (
      ready.get(snapshot, 'insights') ??
      snapshot
        .latestInsights()
        .then(({ representation }) =>
          snapshot.readyInsights?.representation === representation ? ready.set(snapshot, 'insights', representation) : representation,
        )
    )
  }
  return [
    {
      path: '/insights.json',
      methods: READ_METHODS,
      cache: { slow: true },
      beforeFirstVersion: true,
      read: () => {
        // A starting server that builds its first version beside the loop serves the last stored insights meanwhile.
        if (!catalog.hasVersion) return catalog.insightsBeforeFirstVersion() ?? catalog.whenServing().then(current)
        return current()
      },
      doc: {
        tags: ['Datasets'],
        operationId: 'getInsights',
        summary: 'Insights dataset',
        description:
          'Aspect-based sentiment, entities (technicians, services, service areas), topics, FAQ and an editorial summary, ' +
          'all computed from the published reviews and recomputed when they change.',
        ok: jsonResponse(Insights, 'The insights dataset.'),
      },
    },
  ]
}
