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
              // Whole lines only: a JSON event may arrive in two chunks.
              buffer += decoder.decode(next.value, { stream: true })
              const lines = buffer.split('\n')
              buffer = lines.pop()!
              stderrLines.push(...lines.filter(Boolean))
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

/** Resolves once a JSON line on the process's stderr satisfies `test` (polls the lines already drained). */
export async function waitForEvent(
  running: Running,
  test: (event: Record<string, unknown>) => boolean,
  timeoutMs = 10_000,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    for (const line of running.stderrLines) {
      try {
        const event = JSON.parse(line) as Record<string, unknown>
        if (test(event)) return event
      } catch {
        // Not a JSON line.
      }
    }
    await Bun.sleep(20)
  }
  throw new Error(`no matching event on stderr within ${timeoutMs} ms:\n${running.stderrLines.slice(-20).join('\n')}`)
}

/** Every JSON event the process has written to stderr so far. */
export function eventsOf(running: Running): Record<string, unknown>[] {
  return running.stderrLines.flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, unknown>]
    } catch {
      return []
    }
  })
}
