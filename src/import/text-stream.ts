/**
 * An import file read in bounded chunks: bytes checked as UTF-8 as they come (a character split
 * between two chunks is joined, the offset of a bad byte is exact), then cut into lines or CSV
 * rows that keep their line numbers. What is held at once is a chunk and the row it cuts through.
 */
import { accessSync, closeSync, constants, openSync, readSync } from 'node:fs'
import { firstInvalidUtf8 } from './parsers'

export type ByteChunks = AsyncIterable<Uint8Array> | Iterable<Uint8Array>

/** 1 MiB: large enough that per-chunk work is noise, small enough that a chunk is nothing beside the rest. */
export const CHUNK_BYTES = 1 << 20

/** A file's bytes, a chunk at a time. A file that cannot be read fails here, not mid-import; it is opened when read. */
export function fileChunks(path: string, chunkBytes = CHUNK_BYTES): Iterable<Uint8Array> {
  accessSync(path, constants.R_OK)
  return {
    *[Symbol.iterator]() {
      const fd = openSync(path, 'r')
      try {
        for (;;) {
          const buffer = new Uint8Array(chunkBytes)
          const read = readSync(fd, buffer, 0, chunkBytes, null)
          if (read === 0) return
          yield read === chunkBytes ? buffer : buffer.subarray(0, read)
        }
      } finally {
        closeSync(fd)
      }
    },
  }
}

export class InvalidUtf8 extends Error {
  constructor(readonly offset: number) {
    super(`invalid UTF-8 at byte ${offset}`)
  }
}

/** Where the last complete character of `bytes` ends: a lead byte whose continuation bytes have not all arrived waits for the next chunk. */
function completeEnd(bytes: Uint8Array): number {
  for (let i = bytes.length - 1; i >= 0 && i >= bytes.length - 4; i--) {
    const byte = bytes[i]!
    if ((byte & 0xc0) === 0x80) continue // a continuation byte: look further back for its lead
    const needs = byte < 0x80 ? 1 : byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1
    return i + needs > bytes.length ? i : bytes.length
  }
  return bytes.length // no lead byte in reach: invalid, and the decoder will say where
}

/** The text of byte chunks, one string per chunk; a BOM at the very start is dropped. Throws InvalidUtf8 at the first bad byte. */
export async function* utf8Chunks(chunks: ByteChunks): AsyncGenerator<string> {
  const first = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false })
  const later = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
  let carry: Uint8Array | undefined
  let offset = 0 // bytes decoded before `carry`
  const decode = (bytes: Uint8Array) => {
    try {
      return (offset === 0 ? first : later).decode(bytes)
    } catch {
      throw new InvalidUtf8(offset + firstInvalidUtf8(bytes))
    }
  }
  for await (const chunk of chunks) {
    const bytes = carry ? concat(carry, chunk) : chunk
    const end = completeEnd(bytes)
    const text = end > 0 ? decode(bytes.subarray(0, end)) : ''
    offset += end
    carry = end < bytes.length ? bytes.slice(end) : undefined
    if (text !== '') yield text
  }
  if (carry) decode(carry) // a character cut off by the end of the file
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length)
  joined.set(a)
  joined.set(b, a.length)
  return joined
}

export type NumberedLine = { line: number; text: string }

/** Lines of a text stream, a chunk's worth at a time, numbered from 1; a line cut by a chunk boundary is joined. */
export async function* numberedLines(texts: AsyncIterable<string>): AsyncGenerator<NumberedLine[]> {
  let pending = ''
  let line = 1
  for await (const text of texts) {
    const lines: NumberedLine[] = []
    let start = 0
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      lines.push({ line: line++, text: pending + text.slice(start, end) })
      pending = ''
      start = end + 1
    }
    pending += text.slice(start)
    if (lines.length) yield lines
  }
  if (pending !== '') yield [{ line, text: pending }]
}
