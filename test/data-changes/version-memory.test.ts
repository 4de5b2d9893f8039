/**
 * What a served version keeps in memory. A row's JSON is read from reviews.json's bytes when it is asked for, not
 * kept beside them as a string per row: those strings were the largest part of a version's heap (70 MB of 254 MB at
 * 100k reviews), about one more copy of the dataset. Nor is a review kept parsed: the fields filters and statistics
 * read are columns, and a whole review is parsed from its bytes on demand (the parsed reviews were 53 MB of heap and
 * 180 MB of RSS at 100k reviews). Measured in a process of its own (version-memory.fixture.ts),
 * so no other test's garbage, or what the collector's stack scan keeps of it, is counted.
 */
import { expect, test } from 'bun:test'
import { join } from 'node:path'
import { catalogOnFile } from '../support/catalog-on-file'
import { review } from '../support/dataset'

test("a version holds reviews.json's bytes, its reviews' columns and ids: no parsed review, no row's JSON again as a string", async () => {
  const child = Bun.spawn(['bun', join(import.meta.dir, 'version-memory.fixture.ts')], { stdout: 'pipe', stderr: 'pipe' })
  const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited])
  expect(err).toBe('')
  expect(code).toBe(0)
  const { held, body, rowsMatch } = JSON.parse(out) as { held: number; body: number; rowsMatch: boolean }
  // The heap a version adds: its ids, the map of positions by id and the columns (the body is shared memory, outside it):
  // a fifth of the body here, or 1.4 times in about half the processes, whose stack scan still finds the reviews the
  // build parsed and dropped. With the parsed reviews kept (each a few hundred bytes of fields beside its text) it was
  // 2.5 times the body, with a string of JSON per row besides 3.7 times.
  expect(held).toBeLessThan(2 * body)
  // The measurement sees the version: 5,000 ids and their positions at least.
  expect(held).toBeGreaterThan(5000 * 16)
  // Still every row's JSON, byte for byte, by position and by id.
  expect(rowsMatch).toBe(true)
}, 60_000)

test("the reviews' columns a build worker gives share one empty list for no technicians and no services", async () => {
  const cleanup: (() => void | Promise<void>)[] = []
  try {
    const reviews = Array.from({ length: 40 }, (_, i) =>
      review({ id: `none-${i}`, date: '2025-02-01', technicians: i % 4 === 0 ? ['Sarah Chen'] : [], services: [] }),
    )
    const { open } = catalogOnFile(reviews, cleanup, { prefix: 'reviews-none-' })
    const catalog = open({ firstVersionOffLoop: true })
    catalog.start()
    await catalog.whenServing()
    const served = catalog.current.reviews
    expect(served).toHaveLength(40)
    const columns = served.columns
    const positions = Array.from({ length: served.length }, (_, p) => p)
    const empty = positions.filter((p) => columns.technicians(p).length === 0)
    expect(empty).toHaveLength(30)
    expect(new Set([...empty.map((p) => columns.technicians(p)), ...positions.map((p) => columns.services(p))]).size).toBe(1)
    expect(positions.filter((p) => columns.technicians(p).length === 1).every((p) => columns.technicians(p)[0] === 'Sarah Chen')).toBe(true)
    expect(JSON.parse(catalog.current.jsonAt(0))).toEqual(served.at(0))
  } finally {
    for (const step of cleanup.reverse()) await step()
  }
})
