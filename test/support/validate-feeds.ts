/** Validators for the feeds: JSON Feed 1.1 via ajv (draft 2020-12), Atom via a strict XML parser and jing (RELAX NG). */
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { SaxesParser } from 'saxes'
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import jsonFeedSchema from '../schemas/jsonfeed-1.1.schema.json'

const ajv = new Ajv2020({ allErrors: true, strict: false })
addFormats(ajv)
const validateJsonFeedSchema = ajv.compile(jsonFeedSchema)

export function jsonFeedErrors(feed: unknown): string[] {
  return validateJsonFeedSchema(feed) ? [] : (validateJsonFeedSchema.errors ?? []).map((e) => `${e.instancePath} ${e.message}`)
}

/** Throws on any well-formedness error (saxes is a strict, conformant XML 1.0 parser). */
export function parseXmlStrict(xml: string): void {
  const parser = new SaxesParser({ xmlns: true })
  let failure: Error | undefined
  parser.on('error', (error) => {
    failure ??= error
  })
  parser.write(xml).close()
  if (failure) throw failure
}

const ATOM_RNC = join(import.meta.dir, '..', 'schemas', 'atom.rnc')

/** Runs jing against the Atom RELAX NG Compact grammar; returns its complaints (empty when valid). */
export function atomErrors(xml: string): string[] {
  if (!Bun.which('jing')) throw new Error('jing is not installed (apt-get install jing); .ci/run installs it.')
  const dir = mkdtempSync(join(tmpdir(), 'atom-'))
  try {
    const file = join(dir, 'feed.xml')
    writeFileSync(file, xml)
    const result = Bun.spawnSync(['jing', '-c', ATOM_RNC, file])
    const output = `${result.stdout.toString()}${result.stderr.toString()}`.trim()
    return result.exitCode === 0 ? [] : output.split('\n')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
