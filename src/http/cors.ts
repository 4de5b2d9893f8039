/** Public data: any origin may read it, and scripts may see the headers clients build on. */
export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'ETag, Last-Modified, Link, Mcp-Session-Id, Mcp-Protocol-Version, Retry-After',
}

export function preflightResponse(request: Request): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...CORS_HEADERS,
      'access-control-allow-methods': 'GET, HEAD, POST, DELETE, OPTIONS',
      'access-control-allow-headers':
        request.headers.get('access-control-request-headers') ??
        'Content-Type, Accept, If-None-Match, If-Modified-Since, If-Match, If-Unmodified-Since, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID',
      'access-control-max-age': '86400',
    },
  })
}
