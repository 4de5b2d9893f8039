/** Shapes shared by the hub's parts. */
import type { OutboundError, OutboundResult } from './outbound'

export type HubMetrics = {
  requests: Record<string, number>
  verifications: Record<string, number>
  deliveries: Record<string, number>
  /** Publish pings to outside hubs, by result (accepted, retry, failed). */
  pings: Record<string, number>
  deliveryMsSum: number
  deliveryMsCount: number
}

/** One outbound request to a callback; never throws: a failure is an `error`. */
export type HubSend = (
  url: string,
  request: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: Uint8Array },
  maxResponseBytes: number,
) => Promise<OutboundResult | { error: OutboundError }>
