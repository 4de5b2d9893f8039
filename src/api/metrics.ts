/** GET /metrics: Prometheus text format, for operators. */
import { Elysia } from 'elysia'
import type { Catalog } from '../catalog/catalog'
import type { Hub } from '../hub/hub'
import { CORS_HEADERS } from '../http/cors'

type Sample = { name: string; help: string; type: 'counter' | 'gauge'; values: [labels: Record<string, string>, value: number][] }

const labelText = (labels: Record<string, string>) => {
  const entries = Object.entries(labels)
  return entries.length ? `{${entries.map(([k, v]) => `${k}="${v.replace(/["\\\n]/g, '_')}"`).join(',')}}` : ''
}

function renderPrometheus(samples: Sample[]): string {
  return samples
    .map((s) =>
      [
        `# HELP ${s.name} ${s.help}`,
        `# TYPE ${s.name} ${s.type}`,
        ...s.values.map(([labels, value]) => `${s.name}${labelText(labels)} ${value}`),
      ].join('\n'),
    )
    .join('\n')
    .concat('\n')
}

export function metricsRoutes(catalog: Catalog, hub: Hub | undefined, startedAt: Date) {
  return new Elysia({ name: 'metrics' }).get(
    '/metrics',
    () => {
      const memory = process.memoryUsage()
      const samples: Sample[] = [
        {
          name: 'reviews_published',
          help: 'Verified reviews being served.',
          type: 'gauge',
          values: [[{}, catalog.current.reviews.length]],
        },
        { name: 'reviews_data_revision', help: 'Revision of the review data.', type: 'gauge', values: [[{}, catalog.current.revision]] },
        { name: 'process_resident_memory_bytes', help: 'Resident set size.', type: 'gauge', values: [[{}, memory.rss]] },
        {
          name: 'process_uptime_seconds',
          help: 'Seconds since start.',
          type: 'gauge',
          values: [[{}, Math.round((Date.now() - startedAt.getTime()) / 1000)]],
        },
      ]
      if (hub) {
        const gauges = hub.snapshotGauges()
        const m = hub.metrics
        samples.push(
          {
            name: 'websub_requests_total',
            help: 'Hub requests by response status.',
            type: 'counter',
            values: Object.entries(m.requests).map(([status, n]) => [{ status }, n]),
          },
          {
            name: 'websub_verifications_total',
            help: 'Verifications of intent by result.',
            type: 'counter',
            values: Object.entries(m.verifications).map(([result, n]) => [{ result }, n]),
          },
          {
            name: 'websub_deliveries_total',
            help: 'Delivery attempts by result.',
            type: 'counter',
            values: Object.entries(m.deliveries).map(([result, n]) => [{ result }, n]),
          },
          {
            name: 'websub_delivery_seconds_sum',
            help: 'Time spent in delivery requests.',
            type: 'counter',
            values: [[{}, m.deliveryMsSum / 1000]],
          },
          {
            name: 'websub_publish_pings_total',
            help: 'Publish pings to the outside hubs of HUB_EXTERNAL_URLS by result (accepted, retry, failed).',
            type: 'counter',
            values: Object.entries(m.pings).map(([result, n]) => [{ result }, n]),
          },
          { name: 'websub_delivery_seconds_count', help: 'Delivery requests timed.', type: 'counter', values: [[{}, m.deliveryMsCount]] },
          {
            name: 'websub_subscriptions',
            help: 'Subscriptions by state.',
            type: 'gauge',
            values: Object.entries(gauges.subscriptions).map(([state, n]) => [{ state }, n]),
          },
          {
            name: 'websub_pending_deliveries',
            help: 'Deliveries owed (due now or awaiting retry).',
            type: 'gauge',
            values: [[{}, gauges.pendingDeliveries]],
          },
          { name: 'websub_outbound_in_flight', help: 'Outbound hub requests in flight.', type: 'gauge', values: [[{}, gauges.inFlight]] },
        )
      }
      return new Response(renderPrometheus(samples), {
        headers: { ...CORS_HEADERS, 'content-type': 'text/plain; version=0.0.4; charset=utf-8', 'cache-control': 'no-store' },
      })
    },
    {
      detail: {
        tags: ['Operations'],
        operationId: 'getMetrics',
        summary: 'Prometheus metrics',
        description:
          'Counters and gauges in Prometheus text exposition format 0.0.4 (`text/plain; version=0.0.4`): data, process and WebSub hub. `Cache-Control: no-store`.',
        responses: {
          200: {
            description: 'Prometheus text format.',
            headers: {
              'Access-Control-Allow-Origin': { description: 'Always `*`.', required: true, schema: { type: 'string', enum: ['*'] } },
            },
            content: { 'text/plain': { schema: { type: 'string', description: 'Lines of `# HELP`, `# TYPE` and `name{labels} value`.' } } },
          },
        },
      },
    },
  )
}
