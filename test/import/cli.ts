/** Runs `reviews-service import` as a real process (bun src/main.ts) against a temp DATA_DIR, and reads the database it wrote. */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../src/db/database'
import { MIGRATIONS } from '../../src/service'
import { ReviewRepository } from '../../src/reviews/repository'
import type { Review } from '../../src/reviews/schema'
import { MAIN } from '../support/spawn'
import { business } from '../support/dataset'

export const FIXTURES = join(import.meta.dir, 'fixtures')

export type Workspace = {
  dir: string
  dataDir: string
  businessFile: string
  file: (name: string, content: string | Uint8Array) => string
  run: (...args: string[]) => Promise<{ code: number; stdout: string; stderr: string }>
  /** Every stored review, as published (reviewJson), by id. */
  reviews: () => Map<string, Review>
}

export function workspace(): Workspace {
  const dir = mkdtempSync(join(tmpdir(), 'reviews-import-cli-'))
  const dataDir = join(dir, 'data')
  const file = (name: string, content: string | Uint8Array) => {
    const path = join(dir, name)
    writeFileSync(path, content)
    return path
  }
  const businessFile = file('business.json', JSON.stringify(business))
  return {
    dir,
    dataDir,
    businessFile,
    file,
    run: async (...args) => {
      const child = Bun.spawn(['bun', MAIN, 'import', ...args], {
        env: { ...process.env, DATA_DIR: dataDir },
        stdout: 'pipe',
        stderr: 'pipe',
      })
      const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited])
      return { code, stdout, stderr }
    },
    reviews: () => {
      const db = openDatabase(join(dataDir, 'reviews.db'), MIGRATIONS)
      try {
        const store = new ReviewRepository(db)
        return new Map(
          store.db
            .query<{ json: string }, []>('SELECT json FROM reviews')
            .all()
            .map((r) => {
              const review = JSON.parse(r.json) as Review
              return [review.id, review]
            }),
        )
      } finally {
        db.close()
      }
    },
  }
}
