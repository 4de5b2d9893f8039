/** The compiled executable the black-box tests run (`bun run test` builds it first; built here if missing). */
import { existsSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = join(import.meta.dir, '..', '..')
export const BINARY = join(ROOT, 'dist', 'reviews-service')

export function compiledBinary(): string {
  if (!existsSync(BINARY)) {
    const build = Bun.spawnSync(['bun', 'build.ts'], { cwd: ROOT })
    if (build.exitCode !== 0) throw new Error(`build failed: ${build.stderr.toString()}`)
  }
  return BINARY
}

export type Ran = { code: number; stdout: string; stderr: string }

/** Runs the binary to completion; one that is still running after `timeoutMs` (a server that should have refused) is killed. */
export function runBinary(args: string[], env: Record<string, string> = {}, timeoutMs = 15_000): Ran {
  const result = Bun.spawnSync([compiledBinary(), ...args], { env: { PATH: '/usr/bin:/bin', ...env }, stdin: 'ignore', timeout: timeoutMs })
  return { code: result.exitCode, stdout: result.stdout.toString(), stderr: result.stderr.toString() }
}
