/** The requests the WebSub hub makes to a subscriber's callback, as OpenAPI 3.1 webhooks. */

const query = (name: string, description: string, schema: Record<string, unknown> = { type: 'string' }) => ({
  name,
  in: 'query',
  required: true,
  description,
  schema,
})

const linkHeader = {
  description: 'Two entries: `<{base_url}/api/websub/hub>; rel="hub", <{topic}>; rel="self"`. Use it to find the hub for renewals.',
  schema: { type: 'string' },
}

export const WEBHOOKS = {
  websubVerification: {
    get: {
      operationId: 'websubVerifyIntent',
      tags: ['WebSub'],
      summary: 'Verification of intent (hub → callback)',
      description:
        'Sent after a subscribe or unsubscribe request was accepted (202). The callback URL keeps its own query string; these ' +
        'parameters are appended. Answer 2xx with exactly `hub.challenge` as the body to confirm; anything else (non-2xx, ' +
        'another body, a redirect, no answer within 10 s) refuses, and earlier state stays as it was.',
      parameters: [
        query('hub.mode', 'What is being confirmed.', { type: 'string', enum: ['subscribe', 'unsubscribe'] }),
        query('hub.topic', 'The topic URL.', { type: 'string', format: 'uri' }),
        query('hub.challenge', 'Random string to echo back as the whole body.'),
        {
          ...query('hub.lease_seconds', 'Granted lease (subscribe only): renew before it ends.', { type: 'integer', minimum: 3600, maximum: 2592000 }),
          required: false,
        },
      ],
      responses: {
        '200': { description: 'Confirmed: the body is exactly hub.challenge.', content: { 'text/plain': { schema: { type: 'string' } } } },
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
        query('hub.topic', 'The topic URL.', { type: 'string', format: 'uri' }),
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
        'subscription at once; anything else is retried after 60 s, then 600 s, and the third consecutive failure ends the subscription.',
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
          'application/feed+json; charset=utf-8': { schema: { type: 'object' } },
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
