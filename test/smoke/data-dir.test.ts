/**
 * The compiled binary never publishes the sample as if it were the owner's data, and its output
 * survives pipes. Each case starts from a DATA_DIR shaped like what really happens to one.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, readdirSync, rmSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { embeddedSample } from '../../src/catalog/seed'
import { compiledBinary, runBinary } from '../support/binary'
import { business, reviews } from '../support/dataset'
import { startListening } from '../support/spawn'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'reviews-datadir-'))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** A DATA_DIR holding the owner's own data, put there by the CLI import. */
function ownersDataDir(): string {
  const dataDir = tempDir()
  const file = join(tempDir(), 'owner.json')
  writeFileSync(file, JSON.stringify({ business, reviews }))
  const imported = runBinary(['import', file], { DATA_DIR: dataDir })
  expect(imported.code).toBe(0)
  return dataDir
}

/** A server that got past the data check would listen; it is killed after 5 s and the test fails on its exit code. */
const serveOnce = (dataDir: string) => runBinary(['serve'], { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' }, 5_000)

/** Starts the binary's `serve` on `dataDir`, reads /reviews.json once, and stops it. */
async function servedDataset(dataDir: string, args: string[] = []) {
  const running = await startListening([compiledBinary(), 'serve', ...args], {
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    PATH: '/usr/bin:/bin',
  })
  try {
    return (await (await fetch(`${running.url}/reviews.json`)).json()) as { business: { name: string }; reviews: unknown[] }
  } finally {
    running.proc.kill('SIGTERM')
    await running.proc.exited
  }
}

describe('never a fake dataset', () => {
  test('a deleted database is an error naming what happened, not the sample', () => {
    const dataDir = ownersDataDir()
    for (const name of readdirSync(dataDir)) if (name.startsWith('reviews.db')) unlinkSync(join(dataDir, name))
    const { code, stderr } = serveOnce(dataDir)
    expect(code).toBe(2)
    expect(stderr).toContain('reviews.db is missing or empty')
    expect(stderr).toContain('import your reviews again')
    expect(stderr).not.toContain('    at ')
    // Never the advice that would publish the sample over the lost business.
    expect(stderr).not.toContain('--sample')
  })

  test('a truncated database is refused the same way', () => {
    const dataDir = ownersDataDir()
    truncateSync(join(dataDir, 'reviews.db'), 0)
    for (const name of readdirSync(dataDir)) if (/reviews\.db-(wal|shm)$/.test(name)) unlinkSync(join(dataDir, name))
    const { code, stderr } = serveOnce(dataDir)
    expect(code).toBe(2)
    expect(stderr).toContain('missing or empty')
  })

  test('mcp never seeds: an absent DATA_DIR is an error, an empty one too, and it writes nothing to either', async () => {
    const absentDir = join(tempDir(), 'nothing-here')
    const absent = runBinary(['mcp'], { DATA_DIR: absentDir })
    expect(absent.code).toBe(2)
    expect(absent.stderr).toContain('does not exist')
    expect(existsSync(absentDir)).toBe(false)
    const emptyDir = tempDir()
    const empty = runBinary(['mcp'], { DATA_DIR: emptyDir })
    expect(empty.code).toBe(2)
    expect(empty.stderr).toContain('holds no business and no reviews')
    expect(readdirSync(emptyDir)).toEqual([])
    // So the folder is still new: serve starts on the sample instead of refusing an empty reviews.db.
    expect((await servedDataset(emptyDir)).business.name).toBe(embeddedSample.business.name)
  })

  test('a refused or dry first import writes nothing: no reviews.db, no DATA_DIR, and serve still starts', async () => {
    const dataDir = join(tempDir(), 'data')
    const bad = join(tempDir(), 'bad.jsonl')
    writeFileSync(bad, JSON.stringify({ ...reviews[0], rating: 9 }))
    const refused = runBinary(['import', bad], { DATA_DIR: dataDir })
    expect(refused.code).toBe(1)
    expect(existsSync(dataDir)).toBe(false)
    const good = join(tempDir(), 'good.json')
    writeFileSync(good, JSON.stringify({ business, reviews }))
    const dry = runBinary(['import', good, '--dry-run'], { DATA_DIR: dataDir })
    expect(dry.code).toBe(0)
    expect(dry.stdout).toStartWith('dry run, nothing written')
    expect(existsSync(dataDir)).toBe(false)
    const emptyDir = tempDir() // a directory made for the data: it stays, empty
    expect(runBinary(['import', bad], { DATA_DIR: emptyDir }).code).toBe(1)
    expect(readdirSync(emptyDir)).toEqual([])
    expect((await servedDataset(emptyDir)).business.name).toBe(embeddedSample.business.name)
  })

  test("serve --sample is refused where the marker says an import's data was; the directory is left as it was", () => {
    const dataDir = ownersDataDir()
    for (const name of readdirSync(dataDir)) if (name.startsWith('reviews.db')) unlinkSync(join(dataDir, name))
    const before = readdirSync(dataDir).sort()
    const { code, stderr } = runBinary(['serve', '--sample'], { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' }, 5_000)
    expect(code).toBe(2)
    expect(stderr).toContain('the data it held is gone')
    expect(stderr).not.toContain('--sample')
    expect(readdirSync(dataDir).sort()).toEqual(before)
  })

  test('serve --sample still reloads the sample where only the sample ever was', async () => {
    const dataDir = join(tempDir(), 'data')
    expect((await servedDataset(dataDir)).business.name).toBe(embeddedSample.business.name)
    for (const name of readdirSync(dataDir)) if (name.startsWith('reviews.db')) unlinkSync(join(dataDir, name))
    expect(serveOnce(dataDir).code).toBe(2) // without --sample a lost database is still refused
    const dataset = await servedDataset(dataDir, ['--sample'])
    expect(dataset.business.name).toBe(embeddedSample.business.name)
  })

  test('a directory with none of our files is new: the quick start serves the sample from the repository data/', async () => {
    // `bun run start` uses ./data, which holds the generator's data/sample.json and nothing of ours.
    const dataDir = tempDir()
    writeFileSync(join(dataDir, 'sample.json'), '{}')
    const dataset = await servedDataset(dataDir)
    expect(dataset.business.name).toBe(embeddedSample.business.name)
  })

  test("a business.json without reviews is refused, never dressed in the sample's reviews", () => {
    const dataDir = tempDir()
    writeFileSync(join(dataDir, 'business.json'), JSON.stringify(business))
    const { code, stderr } = serveOnce(dataDir)
    expect(code).toBe(2)
    expect(stderr).toContain('has business.json but no reviews yet')
  })

  test("the owner's data is served as it is, never replaced", async () => {
    const dataDir = ownersDataDir()
    const dataset = await servedDataset(dataDir)
    expect(dataset.business.name).toBe(business.name)
    expect(dataset.reviews.length).toBe(reviews.filter((r) => r.verified).length)
  })
})

describe('output that survives pipes', () => {
  test('analyze --json | wc -l counts every line, and import 2>&1 | cat shows the whole report', () => {
    const texts = embeddedSample.reviews.map((r) => r.text.replaceAll('\n', ' ')).filter((t) => t.trim() !== '')
    const file = join(tempDir(), 'texts.txt')
    writeFileSync(file, texts.join('\n'))
    const binary = compiledBinary()
    const counted = Bun.spawnSync(['sh', '-c', `"${binary}" analyze --json --file "${file}" | wc -l`], {
      env: { PATH: '/usr/bin:/bin', DATA_DIR: tempDir() },
    })
    expect(Number(counted.stdout.toString().trim())).toBe(texts.length)

    const bad = join(tempDir(), 'bad.jsonl')
    writeFileSync(bad, Array.from({ length: 400 }, (_, i) => JSON.stringify({ id: `r${i}`, rating: 9 })).join('\n'))
    const piped = Bun.spawnSync(['sh', '-c', `"${binary}" import "${bad}" 2>&1 | cat`], {
      env: { PATH: '/usr/bin:/bin', DATA_DIR: ownersDataDir() },
    })
    const out = piped.stdout.toString()
    expect(out).toContain('line 1')
    expect(out).toMatch(/\.\.\.and [\d,]+ more/)
  })
})
