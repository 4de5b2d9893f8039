/** Shared helpers for the benchmarks: process control, percentiles, result files. */
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'

export const ROOT = join(import.meta.dir, '..')
export const OUT = join(ROOT, 'bench', 'out')
export const BINARY = process.env.BENCH_BINARY ?? join(ROOT, 'dist', 'reviews-service')
mkdirSync(OUT, { recursive: true })

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

export const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  )

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8') as string
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

/** CPUs for the servers and for the load generator: each side gets its own core when there are two. */
export const SERVER_CPU = process.env.BENCH_SERVER_CPU ?? '0'
export const CLIENT_CPU = process.env.BENCH_CLIENT_CPU ?? '1'

/** A command pinned to a CPU with taskset (when taskset exists). */
export function pinned(cpu: string, command: string[]): string[] {
  return Bun.which('taskset') ? ['taskset', '-c', cpu, ...command] : command
}

/** Every process a benchmark starts, ended when the benchmark exits, whatever way it exits. */
const children = new Set<Bun.Subprocess>()
export function track<T extends Bun.Subprocess>(proc: T): T {
  children.add(proc)
  void proc.exited.then(() => children.delete(proc))
  return proc
}
for (const signal of ['exit', 'SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill('SIGKILL')
    if (signal !== 'exit') process.exit(1)
  })
}

/** Peak resident set so far (VmHWM), MB. */
export function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8') as string
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

/** Starts the compiled binary (on SERVER_CPU when `pin`) and resolves once it logs its listening URL (and, unless told not to, computed insights). */
export async function startBinary(
  env: Record<string, string>,
  pin = false,
  waitForInsights = true,
): Promise<{ proc: Bun.Subprocess; url: string }> {
  const command = pin ? pinned(SERVER_CPU, [BINARY, 'serve']) : [BINARY, 'serve']
  const proc = track(
    Bun.spawn(command, { env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env }, stdout: 'ignore', stderr: 'pipe' }),
  )
  const reader = proc.stderr.getReader()
  let buffer = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done) throw new Error(`server exited: ${buffer}`)
    buffer += new TextDecoder().decode(value)
    const match = /"event":"listening","url":"http:\/\/127\.0\.0\.1:(\d+)"/.exec(buffer)
    if (match) {
      void (async () => {
        for (;;) if ((await reader.read()).done) return
      })()
      const url = `http://127.0.0.1:${match[1]}`
      // Measure the steady state: the first insights computation runs in the background after start.
      if (waitForInsights) await (await fetch(`${url}/insights.json`)).arrayBuffer()
      return { proc, url }
    }
  }
}

export async function saveResult(name: string, data: unknown): Promise<void> {
  await Bun.write(join(OUT, `${name}.json`), JSON.stringify(data, null, 2))
  // The machine may be shared: keep the load average next to each result.
  const loadFile = join(OUT, 'load.json')
  const load = existsSync(loadFile) ? JSON.parse(readFileSync(loadFile, 'utf8')) : {}
  load[name] = loadavg().map((x) => Number(x.toFixed(2)))
  await Bun.write(loadFile, JSON.stringify(load, null, 2))
  console.log(`${name}: ${JSON.stringify(data)}`)
}

/** A TCP port free on 127.0.0.1 right now: a random one may be another benchmark's server, answering in our place. */
export async function freePort(): Promise<number> {
  const listener = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const port = listener.port
  listener.stop(true)
  return port
}

/** Calls `onLine` with each complete line of `stream` (a child's stdout or stderr) as it arrives; resolves at its end. */
export async function eachLine(stream: ReadableStream<Uint8Array>, onLine: (line: string) => void): Promise<void> {
  const decoder = new TextDecoder()
  let buffer = ''
  for await (const chunk of stream) {
    buffer += decoder.decode(chunk, { stream: true })
    const lines = buffer.split('\n')
    buffer = lines.pop()!
    for (const line of lines) onLine(line)
  }
}
