/** The compiled executable for black-box tests: built when missing, run as a user would run it. */
import { existsSync } from 'node:fs'
import { join } from 'node:path'

export const ROOT = join(import.meta.dir, '..', '..')
/** REVIEWS_BINARY runs the tests against another build (say, the previous release's, to see them fail). */
export const BINARY = process.env.REVIEWS_BINARY ?? join(ROOT, 'dist', 'reviews-service')

/** The path of dist/reviews-service, building it first if it is not there (`.ci/run` builds it before the tests). */
export function compiledBinary(): string {
  if (!existsSync(BINARY)) {
    const build = Bun.spawnSync(['bun', 'build.ts'], { cwd: ROOT })
    if (build.exitCode !== 0) throw new Error(`build failed: ${build.stderr.toString()}`)
  }
  return BINARY
}

/** Runs the binary to completion; stdin optional. */
export function runBinary(args: string[], env: Record<string, string> = {}) {
  const result = Bun.spawnSync([compiledBinary(), ...args], { env: { PATH: '/usr/bin:/bin', ...env } })
  return { code: result.exitCode, stdout: result.stdout.toString(), stderr: result.stderr.toString() }
}
