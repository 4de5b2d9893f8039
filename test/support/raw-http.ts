/** Sends bytes exactly as given over one TCP connection and returns everything the server answered (what `nc` would show). */
import { connect } from 'node:net'

export type RawResponse = { status: number; headers: Record<string, string>; body: string; raw: string }

export function rawRequest(port: number, text: string, timeoutMs = 5000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const socket = connect(port, '127.0.0.1', () => socket.write(text))
    const done = () => {
      clearTimeout(timer)
      const raw = Buffer.concat(chunks).toString('utf8')
      const [head = '', ...rest] = raw.split('\r\n\r\n')
      const [statusLine = '', ...headerLines] = head.split('\r\n')
      const headers: Record<string, string> = {}
      for (const line of headerLines) {
        const colon = line.indexOf(':')
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
      }
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body: rest.join('\r\n\r\n'), raw })
    }
    const timer = setTimeout(() => socket.destroy(), timeoutMs)
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      // A complete response with a content-length: no need to wait for the server to close.
      const raw = Buffer.concat(chunks).toString('utf8')
      const end = raw.indexOf('\r\n\r\n')
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(raw.slice(0, end))
      if (end >= 0 && length && Buffer.byteLength(raw.slice(end + 4)) >= Number(length[1])) socket.end()
    })
    socket.on('close', done)
    socket.on('error', (error) => (chunks.length ? done() : reject(error)))
  })
}
