import { setPriority } from 'node:os'

/** The nice value background workers run at: the scheduler gives the request thread about ten times their share. */
export const BACKGROUND_NICE = 10

/**
 * Lowers the calling thread's CPU priority, so that on a busy machine the thread answering requests wins the
 * cores over a worker building the next version or computing insights. Call it at the top of a Worker entry.
 * Linux only: there the nice value belongs to each thread and `setpriority(PRIO_PROCESS, 0)` sets the caller's;
 * elsewhere it would lower the whole process, requests included, so it does nothing. Never throws: a
 * container that forbids the call just keeps the default priority.
 */
export function runInBackground(platform: NodeJS.Platform = process.platform): boolean {
  if (platform !== 'linux') return false
  try {
    setPriority(BACKGROUND_NICE)
    return true
  } catch {
    return false
  }
}
