/** CLI failures on a damaged or busy database: one or two lines a person can act on, never a stack trace. */
import { afterAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describeFailure } from '../../src/cli/failures'
import { runBinary } from '../support/binary'
import { business, review } from '../support/dataset'

const root = mkdtempSync(join(tmpdir(), 'reviews-cli-failures-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

function setup(name: string) {
  const dir = join(root, name)
  const dataDir = join(dir, 'data')
  mkdirSync(dataDir, { recursive: true })
  const dataset = join(dir, 'dataset.json')
  writeFileSync(dataset, JSON.stringify({ business, reviews: [review({ id: 'c-1' })] }))
  return { dataDir, dataset, env: { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' } }
}

const expectShortAdvice = (stderr: string, ...words: string[]) => {
  const lines = stderr
    .trim()
    .split('\n')
    .filter((line) => !line.startsWith('{'))
  expect(lines.length).toBeGreaterThanOrEqual(1)
  expect(lines.length).toBeLessThanOrEqual(2)
  expect(stderr).not.toMatch(/^\s+at /m)
  expect(stderr).not.toContain('SQLiteError')
  for (const word of words) expect(stderr).toContain(word)
}

describe('a damaged database', () => {
  test.each(['import', 'serve', 'mcp'])('%s says it is not a database and what to do', (command) => {
    const { dataDir, dataset, env } = setup(`corrupt-${command}`)
    writeFileSync(join(dataDir, 'reviews.db'), 'not a database, a text file that took its place\n'.repeat(200))
    const result = runBinary(command === 'import' ? ['import', dataset] : [command], env)
    expect(result.code).toBe(2)
    expectShortAdvice(result.stderr, join(dataDir, 'reviews.db'), 'backup')
  })
})

describe('a database another process holds locked', () => {
  test('import waits for the lock, then says it is locked and to try again', () => {
    const { dataDir, dataset, env } = setup('locked')
    expect(runBinary(['import', dataset], env).code).toBe(0)
    const holder = new Database(join(dataDir, 'reviews.db'))
    holder.exec('BEGIN EXCLUSIVE')
    try {
      const result = runBinary(['import', '--replace', dataset], env)
      expect(result.code).toBe(2)
      expectShortAdvice(result.stderr, 'locked', 'try again')
    } finally {
      holder.exec('ROLLBACK')
      holder.close()
    }
  }, 20_000)
})

describe('failures that cannot be staged as root, mapped the same way', () => {
  const sqlite = (code: string) => Object.assign(new Error('x'), { code })
  test.each([
    ['SQLITE_FULL', 'full'],
    ['SQLITE_READONLY_DBMOVED', 'read-only'],
    ['SQLITE_READONLY', 'read-only'],
    ['SQLITE_IOERR_WRITE', 'I/O error'],
    ['SQLITE_CANTOPEN', 'cannot open'],
  ])('%s', (code, words) => {
    const { message, exitCode } = describeFailure(sqlite(code), '/srv/data/reviews.db')
    expect(exitCode).toBe(2)
    expect(message).toContain(words)
    expect(message).toContain('/srv/data/reviews.db')
  })
  test('anything unexpected is still two lines, no stack', () => {
    const { message, exitCode } = describeFailure(new TypeError('x is undefined\n    at y (file.ts:1:1)'), 'db')
    expect(exitCode).toBe(1)
    expect(message.split('\n')).toHaveLength(2)
    expect(message).not.toContain('file.ts')
  })
})
