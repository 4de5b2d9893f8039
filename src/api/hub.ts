/** POST /api/websub/hub: form-encoded subscribe and unsubscribe requests, handed to the hub. */
import { Elysia } from 'elysia'
import { HUB_PATH } from '../feeds/websub-topics'
import { CORS_HEADERS } from '../http/cors'
import type { Hub } from '../hub/hub'
import { HubRefusal, MAX_FORM_BYTES, parseHubRequest } from '../hub/requests'
import { HttpError } from './errors'
import { errorResponses } from './openapi-parts'

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
      detail: {
        tags: ['WebSub'],
        summary: 'Subscribe or unsubscribe',
        description:
          'W3C WebSub hub. Form fields: `hub.callback` (HTTPS URL, at most 2048 characters, no user info), `hub.mode` (subscribe | ' +
          'unsubscribe), `hub.topic` (one of {base_url}/feed.xml, {base_url}/api/feed.json, {base_url}/reviews.json), ' +
          '`hub.lease_seconds` (optional; default 864000, clamped to 3600..2592000), `hub.secret` (optional, 1-199 bytes: deliveries ' +
          'then carry X-Hub-Signature: sha256=...). Unknown fields are ignored. 202 means accepted: the hub then verifies intent ' +
          'with a GET to the callback (see webhooks); only a 2xx echoing hub.challenge makes it take effect.',
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                required: ['hub.callback', 'hub.mode', 'hub.topic'],
                properties: {
                  'hub.callback': { type: 'string', format: 'uri', maxLength: 2048 },
                  'hub.mode': { type: 'string', enum: ['subscribe', 'unsubscribe'] },
                  'hub.topic': { type: 'string', format: 'uri' },
                  'hub.lease_seconds': { type: 'integer', minimum: 0 },
                  'hub.secret': { type: 'string', minLength: 1, maxLength: 199 },
                },
              },
            },
          },
        },
        responses: {
          202: { description: 'Accepted; verification of intent follows asynchronously.' },
          400: errorResponses.invalidRequest,
          413: { description: 'Body over 8 KiB.' },
          415: { description: 'Not application/x-www-form-urlencoded.' },
          429: { description: 'Too many requests from this client, or too many subscriptions or pending verifications for the callback host. See Retry-After.' },
        },
      },
    },
  )
}

