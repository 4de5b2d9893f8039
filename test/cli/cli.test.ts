/** The CLI as a user meets it: help, version, serve, clear errors, graceful shutdown. */
import { describe, expect, test } from 'bun:test'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MAIN, startListening } from '../support/spawn'
import pkg from '../../package.json'

const run = (args: string[], env: Record<string, string> = {}) => {
  const result = Bun.spawnSync(['bun', MAIN, ...args], { env: { ...process.env, ...env } })
  return { code: result.exitCode, stdout: result.stdout.toString(), stderr: result.stderr.toString() }
}
const tempDir = () => mkdtempSync(join(tmpdir(), 'reviews-cli-'))

describe('reviews-service CLI', () => {
  test('--help lists the commands and every setting', () => {
    const { code, stdout } = run(['--help'])
    expect(code).toBe(0)
    for (const word of ['serve', 'import', 'mcp', 'analyze', 'PORT', 'HOST', 'BASE_URL', 'DATA_DIR', '--replace', '--dry-run'])
      expect(stdout).toContain(word)
  })

  test('--version prints the package version', () => {
    expect(run(['--version']).stdout.trim()).toBe(pkg.version)
  })

  test('an unknown command or a bad setting is a clear error, not a stack trace', () => {
    const unknown = run(['frobnicate'])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('unknown command "frobnicate"')
    // A name Object.prototype holds is as unknown.
    for (const name of ['constructor', 'toString', '__proto__']) {
      const inherited = run([name])
      expect(inherited.code).toBe(2)
      expect(inherited.stderr).toContain(`unknown command "${name}"`)
    }
    const badPort = run(['serve', '--port', 'eighty'], { DATA_DIR: tempDir() })
    expect(badPort.code).toBe(2)
    expect(badPort.stderr).toContain('PORT (--port) must be a whole number')
    expect(badPort.stderr).not.toContain('    at ')
    const badHub = run(['serve', '--hub-timeout-ms', 'soon'], { DATA_DIR: tempDir(), PORT: '0' })
    expect(badHub.code).toBe(2)
    expect(badHub.stderr).toContain('HUB_TIMEOUT_MS (--hub-timeout-ms) must be a whole number')
  })

  test('a DATA_DIR that cannot be a directory is a clear error', () => {
    const file = join(tempDir(), 'not-a-dir')
    writeFileSync(file, 'x')
    const { code, stderr } = run(['serve'], { DATA_DIR: file, PORT: '0' })
    expect(code).toBe(2)
    expect(stderr).toContain('is not a writable directory')
  })

  test('a port already in use is a clear error', () => {
    const blocker = Bun.serve({ port: 0, hostname: '127.0.0.1', reusePort: false, fetch: () => new Response('busy') })
    try {
      const { code, stderr } = run(['serve'], { DATA_DIR: tempDir(), PORT: String(blocker.port), HOST: '127.0.0.1' })
      expect(code).toBe(2)
      expect(stderr).toContain(`Port ${blocker.port} on 127.0.0.1 is already in use`)
    } finally {
      blocker.stop(true)
    }
  })

  test('serve starts on the embedded sample data, flags override env, and SIGTERM shuts down cleanly', async () => {
    const dataDir = tempDir()
    const { proc, url } = await startListening(['bun', MAIN, 'serve', '--port', '0', '--base-url', 'https://flag.example'], {
      DATA_DIR: dataDir,
      PORT: '1',
      HOST: '127.0.0.1',
      BASE_URL: 'https://env.example',
    })
    const dataset = (await (await fetch(`${url}/reviews.json`)).json()) as { reviews: unknown[] }
    expect(dataset.reviews.length).toBeGreaterThan(0)
    const feed = (await (await fetch(`${url}/api/feed.json`)).json()) as { feed_url: string }
    expect(feed.feed_url).toBe('https://flag.example/api/feed.json')
    proc.kill('SIGTERM')
    expect(await proc.exited).toBe(0)
  })
})

describe('reviews-service analyze', () => {
  test('--json prints one JSON line per text with clauses, cues, aspects, technicians and services', () => {
    const result = Bun.spawnSync(['bun', MAIN, 'analyze', '--json'], {
      env: { ...process.env, DATA_DIR: tempDir() },
      stdin: Buffer.from("Mike wasn't on time, but the price was fair.\n\nThe tankless install in Maple Ridge was spotless.\n"),
    })
    expect(result.exitCode).toBe(0)
    const lines = result.stdout
      .toString()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines).toHaveLength(2)
    expect(lines[0].technicians).toEqual(['Mike Alvarez'])
    expect(lines[0].aspects).toMatchObject([
      { aspect: 'punctuality', polarity: 'negative', score: -0.666, clause: "Mike wasn't on time" },
      { aspect: 'price', polarity: 'positive', score: 0.7 },
    ])
    expect(lines[0].clauses).toHaveLength(2)
    expect(lines[0].clauses[0].cues).toEqual([{ phrase: 'on time', score: -0.666, negated: true, aspect: 'punctuality' }])
    expect(lines[1]).toMatchObject({ services: ['water-heater-repair'], service_area: 'Maple Ridge' })
    expect(lines[1].aspects).toMatchObject([{ aspect: 'cleanliness', polarity: 'positive', score: 1 }])
  })

  test('--rating N reads each text as a review of N stars, as the insights do; a text that names no aspect stays silent', () => {
    const analyze = (args: string[], text: string) =>
      Bun.spawnSync(['bun', MAIN, 'analyze', '--json', ...args], {
        env: { ...process.env, DATA_DIR: tempDir() },
        stdin: Buffer.from(`${text}\n`),
      })
    const silent = analyze(['--rating', '1'], 'Terrible. Avoid.')
    expect(silent.exitCode).toBe(0)
    expect(JSON.parse(silent.stdout.toString()).aspects).toEqual([])
    const refused = analyze(['--rating', '6'], 'Terrible. Avoid.')
    expect(refused.exitCode).toBe(2)
    expect(refused.stderr.toString()).toContain('--rating must be a star rating from 1 to 5')
  })

  test('--file reads texts from a file; a missing file is a clear error', () => {
    const dir = tempDir()
    const file = join(dir, 'texts.txt')
    writeFileSync(file, 'Rude and late.\n')
    const ok = run(['analyze', '--file', file], { DATA_DIR: dir })
    // Without --json: the text, then one line per aspect, for a person.
    expect(ok.stdout.split('\n')[0]).toBe('Rude and late.')
    expect(ok.stdout).toMatch(/^ {2}professionalism +negative/m)
    expect(ok.stdout).toMatch(/^ {2}punctuality +negative/m)
    const missing = run(['analyze', '--file', join(dir, 'nope.txt')], { DATA_DIR: dir })
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('cannot read')
  })
})
