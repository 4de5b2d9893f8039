/** Runs the CLI as a real process and waits for its "listening" log line instead of sleeping. */
import { join } from 'node:path'

export const MAIN = join(import.meta.dir, '..', '..', 'src', 'main.ts')

export type Running = { proc: Bun.Subprocess<'ignore', 'pipe', 'pipe'>; url: string; stderrLines: string[] }

/** Starts `cmd` (e.g. ['bun', MAIN, 'serve']) and resolves once it logs its listening URL. */
export async function startListening(cmd: string[], env: Record<string, string>, timeoutMs = 15000): Promise<Running> {
  const proc = Bun.spawn(cmd, { env: { ...process.env, ...env }, stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' })
  const stderrLines: string[] = []
  const decoder = new TextDecoder()
  const reader = proc.stderr.getReader()
  let buffer = ''
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const { value, done } = await reader.read()
    if (done) break
    buffer += decoder.decode(value, { stream: true })
    let newline: number
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline)
      buffer = buffer.slice(newline + 1)
      stderrLines.push(line)
      try {
        const event = JSON.parse(line) as { event?: string; url?: string }
        if (event.event === 'listening' && event.url) {
          // Keep draining stderr so the child never blocks on a full pipe.
          void (async () => {
            for (;;) {
              const next = await reader.read()
              if (next.done) return
              stderrLines.push(...decoder.decode(next.value).split('\n').filter(Boolean))
            }
          })()
          return { proc, url: event.url.replace('0.0.0.0', '127.0.0.1'), stderrLines }
        }
      } catch {
        // Not a JSON line.
      }
    }
  }
  proc.kill()
  throw new Error(`process did not report listening:\n${stderrLines.join('\n')}${buffer}`)
}
