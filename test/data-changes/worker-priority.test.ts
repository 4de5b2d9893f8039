/**
 * The build and insights workers run at a lower CPU priority than the thread answering requests (Linux: the
 * nice value is per thread), so a change's background work cannot take the cores from /healthz on a busy machine.
 */
import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { BACKGROUND_NICE } from '../../src/core/thread-priority'
import '../../src/service'

/** Each thread of this process, by id, with its nice value (field 19 of /proc/<pid>/task/<tid>/stat). */
function threadNices(): Map<number, number> {
  const nices = new Map<number, number>()
  for (const tid of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
    nices.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]))
  }
  return nices
}

async function nicesOfWorker(entry: URL): Promise<number[]> {
  const before = new Set(threadNices().keys())
  const worker = new Worker(entry)
  try {
    await new Promise<void>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent) => (event.data?.ready ? resolve() : undefined)
      worker.onerror = (event) => reject(new Error(event.message))
    })
    return [...threadNices()].filter(([tid]) => !before.has(tid)).map(([, nice]) => nice)
  } finally {
    worker.terminate()
  }
}

describe.if(process.platform === 'linux')('background workers', () => {
  for (const entry of ['../../src/catalog/build-worker.ts', '../../src/insights/insights-worker.ts']) {
    test(`${entry.split('/').pop()} runs below the request thread`, async () => {
      const nices = await nicesOfWorker(new URL(entry, import.meta.url))
      expect(nices).toContain(BACKGROUND_NICE)
      // The thread answering requests (the process's first thread) keeps its priority, the service loaded.
      expect(threadNices().get(process.pid)).toBe(0)
    })
  }
})
