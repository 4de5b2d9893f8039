/**
 * A database migrated by a newer release is refused, whole, by this one: `serve`, `import` and `analyze` stop with
 * one line that names the newer migrations, and the database is left exactly as it was. (An older release that kept
 * writing would skip what the newer schema records, such as the revision each row was changed at.)
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { openDatabase } from '../../src/db/database'
import { MIGRATIONS } from '../../src/service'
import { dataDirWith } from '../support/data-dir'
import { business, reviews } from '../support/dataset'
import { MAIN } from '../support/spawn'

let dataDir: string
let before: Buffer
let importFile: string
beforeAll(() => {
  dataDir = dataDirWith()
  importFile = join(dataDir, 'to-import.json')
  writeFileSync(importFile, JSON.stringify({ business, reviews }))
  const db = openDatabase(join(dataDir, 'reviews.db'), MIGRATIONS)
  db.query('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)').run('900-from-the-future', new Date().toISOString())
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  db.close()
  before = readFileSync(join(dataDir, 'reviews.db'))
})
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

async function run(...args: string[]) {
  const child = Bun.spawn(['bun', MAIN, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' },
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'pipe',
  })
  child.stdin.end()
  const [code, stderr] = await Promise.all([child.exited, new Response(child.stderr).text()])
  return { code, stderr }
}

describe('a database migrated by a newer release', () => {
  for (const command of ['serve', 'import', 'analyze']) {
    test(`${command} refuses it and changes nothing`, async () => {
      const { code, stderr } = await run(command, ...(command === 'import' ? [importFile] : []))
      expect(code).toBe(2)
      expect(stderr).toContain('was migrated by a newer release of reviews-service (900-from-the-future)')
      expect(stderr).not.toContain('unexpected failure')
      expect(readFileSync(join(dataDir, 'reviews.db')).equals(before)).toBe(true)
    })
  }
})
