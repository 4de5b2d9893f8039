/**
 * An insights child dies with its server: a server that was SIGKILLed (no exit hook runs) will never read the answer,
 * so the child must not compute on to the end. Linux only: the child asks the kernel for its parent's death signal
 * (src/core/parent-death.ts).
 */
import { afterEach, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const FIXTURE = join(import.meta.dir, 'orphaned-child.fixture.ts')
const cleanup: (() => void)[] = []
afterEach(() => {
  for (const step of cleanup.splice(0)) step()
})

/** Running, as opposed to gone or a zombie waiting for whoever adopted it to reap it. */
const running = (pid: number) => {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'))
  } catch {
    return false
  }
}

/** CPU seconds a process has used (utime + stime, /proc/<pid>/stat). */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return (Number(fields[11]) + Number(fields[12])) / 100
}

async function until(probe: () => boolean, ms: number): Promise<boolean> {
  const started = performance.now()
  while (!probe()) {
    if (performance.now() - started > ms) return false
    await Bun.sleep(10)
  }
  return true
}

test.skipIf(process.platform !== 'linux')(
  'an insights child dies when its server is SIGKILLed mid-computation',
  async () => {
    const parent = Bun.spawn([process.execPath, FIXTURE, '12000'], { stdout: 'pipe', stderr: 'inherit' })
    cleanup.push(() => parent.kill('SIGKILL'))
    const reader = parent.stdout.getReader()
    const first = new TextDecoder().decode((await reader.read()).value)
    const child = Number(first.trim().split('\n')[0])
    expect(child).toBeGreaterThan(0)
    cleanup.push(() => {
      try {
        process.kill(child, 'SIGKILL')
      } catch {}
    })
    // Past start-up and its stdin: 12k reviews take about five CPU seconds of analysis, reading them a fraction of one.
    expect(await until(() => !running(child) || cpuSeconds(child) >= 1.2, 60_000)).toBe(true)
    expect(running(child)).toBe(true)
    parent.kill('SIGKILL')
    await parent.exited
    // Without the death signal it computes on for seconds more.
    expect(await until(() => !running(child), 3_000)).toBe(true)
  },
  90_000,
)
