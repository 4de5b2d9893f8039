/** Where an import's bytes come from: a file, a folder of Google review pages, or stdin ('-', the CLI's). */
import { closeSync, constants, fstatSync, openSync, readdirSync, readSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { documentTooLarge, MAX_DOCUMENT_BYTES, type ImportSource, type ImportStream } from './pipeline'
import { fileChunks } from './text-stream'

/**
 * A file, read a chunk at a time, or a folder of Google review pages, read whole (its .json files in
 * name order, as Google numbers them). Of a folder only regular files are read: a symbolic link (to
 * /dev/zero, say), a named pipe or a device is skipped and named, never followed or waited on; sizes
 * are checked before anything is read.
 */
export function readSources(path: string): ImportSource[] | ImportStream {
  const stat = statSync(path)
  // A device never ends (/dev/zero) or is a terminal: stdin is `-`. A named pipe is read as it comes.
  if (stat.isCharacterDevice() || stat.isBlockDevice()) throw new Error('it is a device, not a file (use - to read stdin)')
  if (!stat.isDirectory()) return { chunks: fileChunks(path) }
  const names = readdirSync(path)
    .filter((name) => name.toLowerCase().endsWith('.json') && !name.startsWith('.'))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
  let total = 0
  return names.map((name): ImportSource => {
    // O_NOFOLLOW: a link is not opened; O_NONBLOCK: a pipe without a writer does not block the open.
    let fd: number
    try {
      fd = openSync(join(path, name), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
    } catch (error) {
      const code = (error as { code?: string }).code
      if (code === 'ELOOP' || code === 'EMLINK') return { name, skipped: 'a symbolic link' }
      throw error
    }
    try {
      const stat = fstatSync(fd)
      if (!stat.isFile()) return { name, skipped: stat.isFIFO() ? 'a named pipe' : stat.isDirectory() ? 'a folder' : 'not a regular file' }
      total += stat.size
      if (total > MAX_DOCUMENT_BYTES) return { name, refused: documentTooLarge(total) }
      const bytes = new Uint8Array(stat.size)
      let read = 0
      while (read < bytes.length) {
        const n = readSync(fd, bytes, read, bytes.length - read, null)
        if (n === 0) break
        read += n
      }
      return { name, bytes: bytes.subarray(0, read) }
    } finally {
      closeSync(fd)
    }
  })
}
