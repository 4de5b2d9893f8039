/** What a command may touch of the outside world; tests pass their own. */
export type CliIo = {
  env: Record<string, string | undefined>
  stdout: (text: string) => void
  stderr: (text: string) => void
  isTTY: boolean
}

/**
 * The real process. Writes are queued and written in order with Bun.write, so that
 * flushStandardStreams can wait for every byte: a pipe reader (`analyze | wc -l`) gets all of it.
 */
let pending: Promise<unknown> = Promise.resolve()
const queue = (target: typeof Bun.stdout) => (text: string) => {
  pending = pending.then(() => Bun.write(target, text)).catch(() => {}) // a closed pipe (`| head`) is not our error
}

export const processIo = (): CliIo => ({
  env: process.env,
  stdout: queue(Bun.stdout),
  stderr: queue(Bun.stderr),
  isTTY: Boolean(process.stderr.isTTY),
})

/** Resolves once everything written through processIo has been written out. */
export async function flushStandardStreams(): Promise<void> {
  await pending
}
