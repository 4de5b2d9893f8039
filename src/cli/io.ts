/** What a command may touch of the outside world; tests pass their own. */
export type CliIo = {
  env: Record<string, string | undefined>
  stdout: (text: string) => void
  stderr: (text: string) => void
  isTTY: boolean
}

export const processIo = (): CliIo => ({
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  isTTY: Boolean(process.stderr.isTTY),
})
