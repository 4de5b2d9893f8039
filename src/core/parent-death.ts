import { dlopen, FFIType } from 'bun:ffi'

/** prctl(2) option: the signal this process gets when its parent dies. */
const PR_SET_PDEATHSIG = 1
const SIGKILL = 9

/**
 * Asks the kernel to kill this process when its parent dies, so a child doing background work for a server (an
 * insights computation) does not run on to the end after the server was SIGKILLed: nothing would read its answer.
 * Linux only (prctl PR_SET_PDEATHSIG; its signal follows the death of the thread that spawned us, and the server
 * spawns from its main thread). Returns false where it cannot be set (another system, no libc to load), and when
 * the parent is already gone: then the caller should stop at once.
 */
export function endWithParent(platform: NodeJS.Platform = process.platform): boolean {
  if (platform !== 'linux') return false
  const parent = process.ppid
  for (const name of ['libc.so.6', 'libc.so']) {
    try {
      const libc = dlopen(name, {
        prctl: { args: [FFIType.i32, FFIType.u64, FFIType.u64, FFIType.u64, FFIType.u64], returns: FFIType.i32 },
      })
      const set = libc.symbols.prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) === 0
      libc.close()
      // A parent that died before the call left us to another process: the signal will never come.
      return set && process.ppid === parent
    } catch {}
  }
  return false
}
