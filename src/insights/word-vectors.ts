/**
 * Pretrained word vectors (GloVe 6B 100d, a subset: word-vectors.json, written by scripts/build-word-vectors.ts),
 * read by the learned component as the mean vector of a sentence's words. They let the model generalise past the
 * words its labelled train split happened to use. Read and decoded once, on first use, and kept as the stored bytes
 * (embedded as a file, core/embedded-file.ts says why: only a process that analyses text reads it).
 */
import { readEmbeddedJson } from '../core/embedded-file'
import VECTORS_FILE from './word-vectors.json' with { type: 'file' }

type StoredVectors = { dimensions: number; scale: number; words: string; vectors: string }

export type WordVectors = {
  dimensions: number
  /** Each stored part times `scale` is the vector's part (unit length, up to the bytes' rounding). */
  scale: number
  /** Row after row of `dimensions` parts. */
  bytes: Int8Array
  /** The row of a lower-case word, or -1. */
  rowOf(word: string): number
  /** The vector of a lower-case word, or undefined (for tests and tools; the analyser sums `bytes`). */
  vectorOf(word: string): Float32Array | undefined
}

let decoded: WordVectors | undefined

export function wordVectors(): WordVectors {
  if (decoded) return decoded
  const file = readEmbeddedJson<StoredVectors>(VECTORS_FILE)
  const { dimensions, scale } = file
  const decodedBytes = Buffer.from(file.vectors, 'base64')
  const bytes = new Int8Array(decodedBytes.buffer, decodedBytes.byteOffset, decodedBytes.length)
  const words = file.words.split(' ')
  if (bytes.length !== words.length * dimensions) throw new Error('word-vectors.json: the vectors do not match the words')
  const rows = new Map(words.map((w, k) => [w, k]))
  const rowOf = (word: string) => rows.get(word) ?? -1
  decoded = {
    dimensions,
    scale,
    bytes,
    rowOf,
    vectorOf(word) {
      const row = rowOf(word)
      return row < 0 ? undefined : Float32Array.from(bytes.subarray(row * dimensions, (row + 1) * dimensions), (b) => b * scale)
    },
  }
  return decoded
}
