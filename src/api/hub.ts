/**
 * POST /api/websub/hub: form-encoded subscribe and unsubscribe requests, handed to the hub.
 * GET /api/websub/hub?hub.topic=T&hub.callback=C: the status of that subscription.
 */
import { Elysia } from 'elysia'
import { HUB_PATH } from '../feeds/websub-topics'
import { CORS_HEADERS } from '../http/cors'
import { clientKey } from '../hub/address'
import { HubBusy, type Hub } from '../hub/hub'
import { HubRefusal, MAX_FORM_BYTES, parseHubRequest, topicOf } from '../hub/requests'
import { clientAddress, discardBody, readCapped, TOO_LARGE_HEADERS, type RequestServer } from '../http/request'
import { HttpError } from './errors'
import { errorResponses, jsonResponse } from './openapi-parts'
import { SubscriptionStatus } from '../hub/repository'
import { hubRequestDetail as hubDetail } from './openapi-webhooks'

const tooLarge = () =>
  new HttpError(413, 'payload_too_large', `The body must be at most ${MAX_FORM_BYTES} bytes.`, undefined, { ...TOO_LARGE_HEADERS })

export function hubRoutes(hub: Hub) {
  const count = (status: number) => (hub.metrics.requests[String(status)] = (hub.metrics.requests[String(status)] ?? 0) + 1)
  const accept = async (request: Request, ip: string) => {
    const type = request.headers.get('content-type') ?? ''
    if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
      throw new HttpError(415, 'unsupported_media_type', 'The hub takes application/x-www-form-urlencoded bodies.')
    }
    if (Number(request.headers.get('content-length') ?? 0) > MAX_FORM_BYTES) {
      await discardBody(request)
      throw tooLarge()
    }
    const body = await readCapped(request, MAX_FORM_BYTES)
    if (!body) throw tooLarge()
    const parsed = parseHubRequest(new URLSearchParams(new TextDecoder().decode(body)), hub.baseUrl, hub.config)
    try {
      // Rate limits count every request, valid or not.
      hub.accept(parsed.ok ? parsed.value : null, ip)
    } catch (error) {
      if (error instanceof HubRefusal)
        throw new HttpError(429, error.code, error.message, undefined, { 'retry-after': String(error.retryAfterSeconds) })
      if (error instanceof HubBusy)
        throw new HttpError(503, 'busy', error.message, undefined, { 'retry-after': String(error.retryAfterSeconds) })
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
  return new Elysia({ name: 'websub-hub' })
    .get(HUB_PATH, ({ request }) => subscriptionStatus(hub, request), {
      detail: {
        tags: ['WebSub'],
        summary: 'Subscription status',
        description:
          'The state of the subscription of `hub.callback` to `hub.topic`: `{state, lease_expires_at, consecutive_failures, last_delivery: {at, status} | null}`. ' +
          '`state` is pending (a request is being verified), active, expired, removed or auto_unsubscribed. 404 when the pair is unknown. Never shows the secret.',
        parameters: [
          { name: 'hub.topic', in: 'query', required: true, schema: { type: 'string', format: 'uri' } },
          { name: 'hub.callback', in: 'query', required: true, schema: { type: 'string', format: 'uri' } },
        ],
        responses: {
          200: jsonResponse(SubscriptionStatus, 'The subscription status.'),
          400: errorResponses.invalidRequest,
          404: errorResponses.notFound,
        },
      },
    })
    .post(
      HUB_PATH,
      async ({ request, server }) => {
        try {
          const response = await accept(request, clientKey(clientAddress(request, server as RequestServer, hub.config.trustProxy)))
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

/** GET of the hub: the status of one subscription, named by topic and callback (each given once). */
function subscriptionStatus(hub: Hub, request: Request): Response {
  const query = new URL(request.url).searchParams
  const issues = ['hub.topic', 'hub.callback'].flatMap((name) => {
    const values = query.getAll(name)
    if (values.length === 1 && values[0]) return []
    return [
      {
        path: [name],
        code: values.length > 1 ? 'repeated' : 'required',
        message: values.length > 1 ? 'must be given once' : 'is required',
      },
    ]
  })
  if (issues.length) throw new HttpError(400, 'invalid_request', `${issues[0]!.path[0]} ${issues[0]!.message}.`, issues)
  const topic = topicOf(query.get('hub.topic')!, hub.baseUrl)
  const status = topic ? hub.status(query.get('hub.callback')!, topic) : null
  if (!status) throw new HttpError(404, 'not_found', 'The hub knows no subscription for this topic and callback.')
  return Response.json(status, { headers: { ...CORS_HEADERS, 'cache-control': 'no-store' } })
}
