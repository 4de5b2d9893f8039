/** POST /api/websub/hub: form-encoded subscribe and unsubscribe requests, handed to the hub. */
import { Elysia } from 'elysia'
import { HUB_PATH } from '../feeds/websub-topics'
import { CORS_HEADERS } from '../http/cors'
import type { Hub } from '../hub/hub'
import { HubRefusal, MAX_FORM_BYTES, parseHubRequest } from '../hub/requests'
import { HttpError } from './errors'
import { hubRequestDetail as hubDetail } from './openapi-webhooks'

function clientIp(request: Request, server: { requestIP?: (r: Request) => { address: string } | null } | null, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  return server?.requestIP?.(request)?.address ?? 'unknown'
}

export function hubRoutes(hub: Hub) {
  const count = (status: number) => (hub.metrics.requests[String(status)] = (hub.metrics.requests[String(status)] ?? 0) + 1)
  const accept = async (request: Request, ip: string) => {
    const type = request.headers.get('content-type') ?? ''
    if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
      throw new HttpError(415, 'unsupported_media_type', 'The hub takes application/x-www-form-urlencoded bodies.')
    }
    if (Number(request.headers.get('content-length') ?? 0) > MAX_FORM_BYTES) {
      throw new HttpError(413, 'payload_too_large', `The body must be at most ${MAX_FORM_BYTES} bytes.`)
    }
    const body = new Uint8Array(await request.arrayBuffer())
    if (body.byteLength > MAX_FORM_BYTES) throw new HttpError(413, 'payload_too_large', `The body must be at most ${MAX_FORM_BYTES} bytes.`)
    const parsed = parseHubRequest(new URLSearchParams(new TextDecoder().decode(body)), hub.baseUrl, hub.config)
    try {
      // Rate limits count every request, valid or not.
      hub.accept(parsed.ok ? parsed.value : null, ip)
    } catch (error) {
      if (error instanceof HubRefusal) throw new HttpError(429, error.code, error.message, undefined, { 'retry-after': String(error.retryAfterSeconds) })
      throw error
    }
    if (!parsed.ok) {
      const first = parsed.issues[0]!
      throw new HttpError(400, 'invalid_request', `${first.path[0]} ${first.message}.`, parsed.issues)
    }
    const accepted = parsed.value
    return Response.json(
      {
        status: 'accepted',
        message: `Verification of intent will be sent to the callback; the ${accepted.mode} takes effect once it answers with the challenge.`,
        mode: accepted.mode,
        topic: hub.topicUrl(accepted.topic),
        lease_seconds: accepted.mode === 'subscribe' ? accepted.leaseSeconds : undefined,
      },
      { status: 202, headers: CORS_HEADERS },
    )
  }
  return new Elysia({ name: 'websub-hub' }).post(
    HUB_PATH,
    async ({ request, server }) => {
      try {
        const response = await accept(request, clientIp(request, server as never, hub.config.trustProxy))
        count(202)
        return response
      } catch (error) {
        if (error instanceof HttpError) count(error.status)
        throw error
      }
    },
    {
      parse: 'none',
      detail: hubDetail(hub),
    },
  )
}

