/**
 * The compiled executable, copied to a directory with no node_modules and no sources, starts on its
 * embedded sample data and serves. `.ci/run` builds it first; a missing binary is built here.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startListening, type Running } from '../support/spawn'

const ROOT = join(import.meta.dir, '..', '..')
const BUILT = join(ROOT, 'dist', 'reviews-service')

let workDir: string
let running: Running
beforeAll(async () => {
  if (!existsSync(BUILT)) {
    const build = Bun.spawnSync(['bun', 'build.ts'], { cwd: ROOT })
    if (build.exitCode !== 0) throw new Error(`build failed: ${build.stderr.toString()}`)
  }
  workDir = mkdtempSync(join(tmpdir(), 'reviews-binary-'))
  const binary = join(workDir, 'reviews-service')
  copyFileSync(BUILT, binary)
  Bun.spawnSync(['chmod', '+x', binary])
  running = await startListening([binary, 'serve'], {
    DATA_DIR: join(workDir, 'data'),
    PORT: '0',
    HOST: '127.0.0.1',
    PATH: '/usr/bin:/bin',
  })
}, 60_000)

afterAll(() => {
  running?.proc.kill('SIGKILL')
  rmSync(workDir, { recursive: true, force: true })
})

describe('compiled binary', () => {
  test('--version runs with no Bun on PATH', () => {
    const result = Bun.spawnSync([join(workDir, 'reviews-service'), '--version'], { env: { PATH: '/usr/bin:/bin' }, cwd: workDir })
    expect(result.exitCode).toBe(0)
    expect(result.stdout.toString().trim()).toMatch(/^\d+\.\d+\.\d+$/)
  })

  test('serves the embedded sample data on first start', async () => {
    const health = await fetch(`${running.url}/healthz`)
    expect(health.status).toBe(200)
    const dataset = (await (await fetch(`${running.url}/reviews.json`)).json()) as { business: { name: string }; reviews: unknown[] }
    expect(dataset.reviews.length).toBeGreaterThanOrEqual(500)
    expect(existsSync(join(workDir, 'data', 'reviews.db'))).toBe(true)
    for (const path of [
      '/api/feed.json',
      '/feed.xml',
      '/insights.json',
      '/.well-known/openapi.json',
      '/api/reviews/search?query=water&limit=5',
    ]) {
      expect((await fetch(running.url + path)).status).toBe(200)
    }
  })

  test('reads review text as the sources do: its embedded weights and word vectors are the ones in the tree', () => {
    // Sentences the learned component and its word vectors have a say in.
    const text = [
      'Apparently returning phone calls is optional.',
      'They blew past the deadline by three weeks.',
      'The final bill was exactly what they quoted.',
      'Our technician was courteous, punctual and tidy.',
    ].join('\n')
    const analyse = (command: string[], cwd: string) =>
      Bun.spawnSync([...command, 'analyze', '--json'], {
        cwd,
        stdin: Buffer.from(text),
        // Both read the business the server seeded.
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', DATA_DIR: join(workDir, 'data') },
      })
    const compiled = analyse([join(workDir, 'reviews-service')], workDir)
    const sources = analyse(['bun', join(ROOT, 'src', 'main.ts')], ROOT)
    expect(compiled.exitCode).toBe(0)
    expect(compiled.stdout.toString().trim().split('\n')).toHaveLength(4)
    expect(compiled.stdout.toString()).toBe(sources.stdout.toString())
  })

  test('shuts down cleanly on SIGTERM', async () => {
    running.proc.kill('SIGTERM')
    expect(await running.proc.exited).toBe(0)
  })
})
