/**
 * One text basis (CONTRACT.md, Names and shapes): German reviews whose source supplied Google's English
 * translation, imported and served by the compiled binary. What the insights read in the translation (the
 * topic "heating", its aspects) the search finds and the entities count: `query` in either text, the service,
 * technician and area named only in the translation.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { compiledBinary, runBinary } from '../support/binary'
import { business, review } from '../support/dataset'
import { startListening, type Running } from '../support/spawn'

const profile = {
  ...business,
  services: [...business.services, { id: 'heating-repair', name: 'Heating repair', aliases: ['heating', 'furnace'] }],
}
const german = (id: string, text: string, translation: string, rating = 5) =>
  review({ id, text, rating, language: 'de', translation: { language: 'en', text: translation }, service_area: null })
const reviews = [
  german(
    'de-1',
    'Die Heizung lief nach einer Stunde wieder, sehr freundlich.',
    'The heating was running again after an hour, very friendly.',
  ),
  german('de-2', 'Der Techniker hat die Heizung schnell repariert.', 'Mike fixed the heating quickly in Shelbyville.'),
  german('de-3', 'Heizung ausgefallen, am selben Tag repariert. Top!', 'Our heating failed, repaired the same day. Top!'),
  german('de-4', 'Die Heizung ist wieder kaputt, schlechte Arbeit.', 'The heating is broken again, bad work.', 1),
  review({ id: 'en-1', text: 'They fixed our drain quickly.', service_area: null }),
]

let dir: string
let server: Running
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'reviews-translation-'))
  const file = join(dir, 'export.json')
  writeFileSync(file, JSON.stringify({ business: profile, reviews }))
  const imported = runBinary(['import', file], { DATA_DIR: join(dir, 'data') })
  expect(imported.code).toBe(0)
  server = await startListening([compiledBinary(), 'serve'], {
    DATA_DIR: join(dir, 'data'),
    PORT: '0',
    HOST: '127.0.0.1',
    PATH: '/usr/bin:/bin',
  })
}, 60_000)
afterAll(async () => {
  server?.proc.kill('SIGTERM')
  await server?.proc.exited
  rmSync(dir, { recursive: true, force: true })
})

type Found = { total: number; reviews: { id: string; services: string[]; technicians: string[]; service_area: string | null }[] }
const search = async (query: string) => (await (await fetch(`${server.url}/api/reviews/search?${query}`)).json()) as Found
const ids = (found: Found) => found.reviews.map((r) => r.id).sort()

describe('a German review with its English translation', () => {
  test('insights read the translation: the topic "heating" and its aspects', async () => {
    const insights = (await (await fetch(`${server.url}/insights.json`)).json()) as {
      topics: { phrase: string; mention_count: number; review_ids: string[] }[]
      languages: { translated: number }
      entities: { services: { id: string; mention_count: number }[] }
    }
    expect(insights.languages.translated).toBe(4)
    const heating = insights.topics.find((t) => t.phrase === 'heating')
    expect(heating?.mention_count).toBe(4)
    // Every review the topic counts, the search for its words finds.
    const found = await search('query=heating')
    expect(ids(found)).toEqual([...heating!.review_ids].sort())
    expect(insights.entities.services.find((s) => s.id === 'heating-repair')?.mention_count).toBe(4)
  })

  test('query matches the original or the translation, never across the two', async () => {
    expect(ids(await search('query=heating'))).toEqual(['de-1', 'de-2', 'de-3', 'de-4'])
    expect(ids(await search('query=Heizung'))).toEqual(['de-1', 'de-2', 'de-3', 'de-4'])
    expect(ids(await search('query=same%20day'))).toEqual(['de-3'])
    // The end of the original and the start of the translation are no phrase.
    expect((await search('query=freundlich.%20the')).total).toBe(0)
    expect((await search('query=freundlich.%00the')).total).toBe(0)
  })

  test('services, technicians and areas named in the translation are tagged', async () => {
    expect(ids(await search('mentions_service=heating-repair'))).toEqual(['de-1', 'de-2', 'de-3', 'de-4'])
    const de2 = (await (await fetch(`${server.url}/api/reviews/de-2`)).json()) as Found['reviews'][number]
    expect(de2.technicians).toEqual(['Mike Alvarez'])
    expect(de2.service_area).toBe('Shelbyville')
    expect(ids(await search('mentions_technician=Mike'))).toEqual(['de-2'])
    expect(ids(await search('service_area=Shelbyville'))).toEqual(['de-2'])
  })
})
