/**
 * The WebSub hub in the OpenAPI document: the subscribe/unsubscribe request, and the requests the hub
 * makes to a subscriber's callback (as OpenAPI 3.1 webhooks). Every number in the prose (leases, retry
 * delays, timeout, limits) is read from the running configuration.
 */
import { Type } from '@sinclair/typebox'
import type { HubConfig } from '../core/config'
import { TOPIC_PATHS, topicUrl } from '../feeds/websub-topics'
import { MAX_CALLBACK_LENGTH } from '../hub/callback'
import { MAX_FORM_BYTES } from '../hub/requests'
import { requesterPendingInAll, requesterPendingPerHost } from '../hub/hub'
import { errorResponses, jsonResponse } from './openapi-parts'

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`)
const retryText = (config: HubConfig) => config.retryDelaysMs.map(seconds).join(', then ')

/** An HTTPS URL without user info or fragment, of printable ASCII: what the hub accepts as a callback. */
const CALLBACK_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]://[^/?#@\\s]+([/?][\\x21\\x22\\x24-\\x7e]*)?$'

const HubAccepted = Type.Object(
  {
    status: Type.Literal('accepted'),
    message: Type.String({ description: 'What happens next, for a person.' }),
    mode: Type.Union([Type.Literal('subscribe'), Type.Literal('unsubscribe')]),
    topic: Type.String({ format: 'uri', description: 'The topic URL the request is for.' }),
    lease_seconds: Type.Optional(Type.Integer({ description: 'Subscribe only: the lease that will be granted (after clamping).' })),
  },
  { $id: 'HubAccepted' },
)

export function hubRequestDetail(hub: { baseUrl: string; config: HubConfig }) {
  const config = hub.config
  const topics = TOPIC_PATHS.map((path) => topicUrl(hub.baseUrl, path))
  return {
    tags: ['WebSub'],
    operationId: 'websubSubscribe',
    summary: 'Subscribe or unsubscribe',
    description:
      `W3C WebSub hub. Form fields: \`hub.callback\` (HTTPS URL, at most ${MAX_CALLBACK_LENGTH} characters, no user info or fragment), ` +
      '`hub.mode` (subscribe | unsubscribe), `hub.topic` (one of the three topic URLs), ' +
      `\`hub.lease_seconds\` (optional; default ${config.leaseDefault}, clamped to ${config.leaseMin}..${config.leaseMax}; ignored on unsubscribe), ` +
      '`hub.secret` (optional, 1-199 bytes: deliveries then carry X-Hub-Signature: sha256=...). Unknown fields are ignored. 202 means accepted: the hub ' +
      `then verifies intent with a GET to the callback (see webhooks; ${seconds(config.timeoutMs)} timeout, no redirects followed); only a 2xx ` +
      'echoing hub.challenge makes it take effect. The latest request for a (topic, callback) pair wins. Topics and callbacks are compared ' +
      'in normalised form (unreserved percent-escapes decoded, scheme and host in lower case), but the verification and every delivery ' +
      'carry the strings you sent. One client address (IPv6: per /64) may have ' +
      `${requesterPendingPerHost(config)} verifications pending per callback domain and ${requesterPendingInAll(config)} in all (429 too_many_pending past that).` +
      (config.externalUrls.length
        ? ` This service also publishes to outside hubs, advertised as more rel="hub" links and pinged on every change: ${config.externalUrls.join(', ')}.`
        : ''),
    requestBody: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': {
          schema: {
            type: 'object' as const,
            required: ['hub.callback', 'hub.mode', 'hub.topic'],
            properties: {
              'hub.callback': {
                type: 'string' as const,
                format: 'uri',
                maxLength: MAX_CALLBACK_LENGTH,
                pattern: CALLBACK_PATTERN,
                description: 'Your subscriber: HTTPS only.',
              },
              'hub.mode': { type: 'string' as const, enum: ['subscribe', 'unsubscribe'] },
              'hub.topic': { type: 'string' as const, enum: topics, description: 'A topic URL (percent-decoded before it is compared).' },
              'hub.lease_seconds': {
                type: 'integer' as const,
                minimum: 0,
                maximum: 999999999999,
                description: `Requested lease; granted value clamped to ${config.leaseMin}..${config.leaseMax}, ${config.leaseDefault} when absent.`,
              },
              'hub.secret': {
                type: 'string' as const,
                minLength: 1,
                maxLength: 199,
                description: 'HMAC key for X-Hub-Signature, 1-199 bytes.',
              },
            },
          },
        },
      },
    },
    responses: {
      202: jsonResponse(HubAccepted, 'Accepted; verification of intent follows asynchronously.'),
      400: errorResponses.invalidRequest,
      413: errorResponses.payloadTooLarge(`${MAX_FORM_BYTES / 1024} KiB`),
      415: errorResponses.unsupportedMediaType('application/x-www-form-urlencoded'),
      429: errorResponses.rateLimited(
        `Refused for now, \`Retry-After\` says for how long: \`rate_limited\` (over ${config.requestsPerMinutePerIp} requests a minute from this client ` +
          `address, IPv6 per /64), \`too_many_pending\` (${config.maxPendingPerHost} verifications pending for the callback host) or ` +
          `\`too_many_subscriptions\` (${config.maxSubscriptionsPerHost} per callback host, ${config.maxSubscriptions} in total).`,
      ),
      503: errorResponses.rateLimited(
        '`busy`: another process (a CLI import) holds the database; the request was not recorded. Try again after `Retry-After` seconds.',
      ),
    },
  }
}

const query = (name: string, description: string, schema: Record<string, unknown> = { type: 'string' }) => ({
  name,
  in: 'query',
  required: true,
  description,
  schema,
})

const linkHeader = {
  description:
    '`<{base_url}/api/websub/hub>; rel="hub", <{topic}>; rel="self"` (outside hubs of HUB_EXTERNAL_URLS as more rel="hub" entries before self); ' +
    'rel="self" is the topic as you sent it. Use it to find the hub for renewals.',
  schema: { type: 'string' },
}

export function webhooks(baseUrl: string, config: HubConfig) {
  const topics = TOPIC_PATHS.map((path) => topicUrl(baseUrl, path))
  return {
    websubVerification: {
      get: {
        operationId: 'websubVerifyIntent',
        tags: ['WebSub'],
        summary: 'Verification of intent (hub → callback)',
        description:
          'Sent after a subscribe or unsubscribe request was accepted (202). The callback URL keeps its own query string; these ' +
          'parameters are appended. Answer 2xx with exactly `hub.challenge` as the body to confirm; anything else (non-2xx, ' +
          `another body, a redirect, no answer within ${seconds(config.timeoutMs)}) refuses, and earlier state stays as it was.`,
        parameters: [
          query('hub.mode', 'What is being confirmed.', { type: 'string', enum: ['subscribe', 'unsubscribe'] }),
          query('hub.topic', 'The topic URL.', { type: 'string', enum: topics }),
          query('hub.challenge', 'Random string to echo back as the whole body.'),
          {
            ...query('hub.lease_seconds', 'Granted lease (subscribe only): renew before it ends.', {
              type: 'integer',
              minimum: config.leaseMin,
              maximum: config.leaseMax,
            }),
            required: false,
          },
        ],
        responses: {
          '200': {
            description: 'Confirmed: the body is exactly hub.challenge.',
            content: { 'text/plain': { schema: { type: 'string' } } },
          },
          '404': { description: 'Refused: the subscriber did not ask for this.' },
        },
      },
    },
    websubDenied: {
      get: {
        operationId: 'websubDenied',
        tags: ['WebSub'],
        summary: 'Subscription ended by the hub (hub → callback)',
        description: 'Best effort, after the third consecutive failed delivery auto-unsubscribes the callback. Subscribe again to resume.',
        parameters: [
          query('hub.mode', 'Always denied.', { type: 'string', enum: ['denied'] }),
          query('hub.topic', 'The topic URL.', { type: 'string', enum: topics }),
          query('hub.reason', 'Why, for a person.'),
        ],
        responses: { '200': { description: 'Any answer is fine; it is not retried.' } },
      },
    },
    websubNotification: {
      post: {
        operationId: 'websubNotify',
        tags: ['WebSub'],
        summary: 'Content distribution (hub → callback)',
        description:
          'When a topic changes, the hub POSTs its full current content: the exact bytes and Content-Type a GET of the topic ' +
          'returns at that moment. A subscriber never receives older content after newer. 2xx is success; 410 Gone removes the ' +
          `subscription at once; no answer within ${seconds(config.timeoutMs)}, a redirect or any other status is a failure, retried after ` +
          `${retryText(config)}; the third consecutive failure ends the subscription.`,
        parameters: [
          { name: 'Link', in: 'header', required: true, ...linkHeader },
          {
            name: 'X-Hub-Signature',
            in: 'header',
            required: false,
            description: 'With hub.secret: `sha256=<hex HMAC-SHA256 of the body with the secret>`.',
            schema: { type: 'string', pattern: '^sha256=[0-9a-f]{64}$' },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/atom+xml; charset=utf-8': { schema: { type: 'string' } },
            'application/feed+json; charset=utf-8': { schema: { $ref: '#/components/schemas/JsonFeed' } },
            'application/json; charset=utf-8': { schema: { $ref: '#/components/schemas/ReviewsDataset' } },
          },
        },
        responses: {
          '200': { description: 'Received.' },
          '410': { description: 'Gone: the hub removes this subscription at once.' },
        },
      },
    },
  }
}
