/** The startup reference: the smallest compiled Bun server, answering 200 on every path. */
const server = Bun.serve({ hostname: '127.0.0.1', port: Number(process.env.PORT ?? 0), fetch: () => new Response('ok') })
console.error(JSON.stringify({ event: 'listening', url: `http://127.0.0.1:${server.port}` }))
