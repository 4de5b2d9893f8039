/**
 * A database written by the previous release (made by its binary: `import` of the test dataset, `serve`
 * for the hub tables, one active subscription leased until 2100) opens and is migrated in place: every review and the
 * subscription are kept, and every review gains the fields added since.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { copyFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ReviewRepository, reviewJson } from '../../src/reviews/repository'
import type { StoredReview } from '../../src/reviews/schema'
import { business, reviews } from '../support/dataset'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer
beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'reviews-upgrade-'))
  copyFileSync(join(import.meta.dir, '..', 'fixtures', 'previous-release', 'reviews.db'), join(dataDir, 'reviews.db'))
  server = await startTestServer({ dataDir })
})
afterAll(() => server.stop())

describe('a database from the previous release', () => {
  test('keeps every review, each with language and translation, in canonical form', async () => {
    const dataset = (await (await fetch(`${server.url}/reviews.json`)).json()) as {
      business: { id: string }
      reviews: Record<string, unknown>[]
    }
    expect(dataset.business.id).toBe(business.id)
    expect(dataset.reviews.map((r) => r.id).sort()).toEqual(
      reviews
        .filter((r) => r.verified)
        .map((r) => r.id)
        .sort(),
    )
    for (const review of dataset.reviews) {
      expect(review).toMatchObject({ language: null, translation: null })
      const stored = server.service.db.query<{ json: string }, [string]>('SELECT json FROM reviews WHERE id = ?').get(String(review.id))!
      expect(stored.json).toBe(reviewJson(JSON.parse(stored.json)))
    }
  })

  test('keeps its hub subscription', () => {
    const subscription = server.service.hub.repository.find('https://subscriber.example.com/cb?feed=1', 'feed.xml')
    expect(subscription).toMatchObject({ state: 'active', secret: 's3cret', topic: 'feed.xml' })
    // Its callback gained the normalised key it is compared by: another spelling finds the same row.
    expect(server.service.hub.repository.find('HTTPS://Subscriber.Example.com/%63b?feed=1', 'feed.xml')?.id).toBe(subscription!.id)
  })

  test('records the new migrations', () => {
    const ids = server.service.db
      .query<{ id: string }, []>('SELECT id FROM schema_migrations ORDER BY id')
      .all()
      .map((r) => r.id)
    expect(ids).toEqual([
      '001-reviews',
      '002-review-language',
      '003-drop-fts',
      '004-stored-insights',
      '005-mcp-sessions',
      '006-review-analyses',
      '007-review-changes',
      '100-hub',
      '101-hub-status',
      '102-hub-as-sent',
      '103-hub-lease',
      '104-hub-pings',
    ])
  })

  test('records from then on which revision wrote each review; the rows before read 0 (migration 007)', () => {
    const db = server.service.db
    const store = new ReviewRepository(db)
    expect(db.query<{ n: number }, []>('SELECT count(*) AS n FROM reviews WHERE changed_rev <> 0').get()!.n).toBe(0)
    const published = store.publishedChanges()
    expect(published.map((r) => r.rowid)).toEqual(store.publishedJson().map((r) => r.rowid))
    const first = JSON.parse(store.publishedJson()[0]!.json) as StoredReview
    store.write({ reviews: [{ ...first, text: `${first.text} Edited after the upgrade.` }] })
    const { revision } = store.state()
    expect(store.publishedChanges().filter((r) => r.changedRev !== 0)).toEqual([{ rowid: published[0]!.rowid, changedRev: revision }])
    // The published order and the revisions are read off the index alone.
    const plan = db
      .query<{ detail: string }, []>(
        'EXPLAIN QUERY PLAN SELECT rowid, changed_rev FROM reviews INDEXED BY reviews_newest WHERE verified = 1 ORDER BY date DESC, id DESC',
      )
      .all()
    expect(plan.map((p) => p.detail).join(' ')).toContain('COVERING INDEX reviews_newest')
  })
})
