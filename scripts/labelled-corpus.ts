/**
 * The labelled sentence files of test/insights/real/ as the training scripts read them: real-dev.jsonl and
 * documents.jsonl are never trained on, and only text whose licence allows it shapes what ships.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export type LabelledItem = {
  text: string
  aspects: Record<string, string>
  split?: string
  license?: string
  source?: string
  /** The corpus file the line came from (set when read). */
  file?: string
}

/** Licences whose terms allow training the shipped weights (and choosing the shipped word vectors) on the text. */
export const TRAINABLE = /^(CC-BY|CC0)/
export const trainable = (item: LabelledItem) => TRAINABLE.test(item.license ?? '')

/** The items of one split, file by file in name order, from each folder. */
export function labelledItems(folders: readonly string[], split: string): LabelledItem[] {
  const out: LabelledItem[] = []
  for (const dir of folders)
    for (const name of readdirSync(dir)
      .filter((n) => n.endsWith('.jsonl') && n !== 'real-dev.jsonl' && n !== 'documents.jsonl')
      .sort())
      for (const line of readFileSync(join(dir, name), 'utf8').split('\n'))
        if (line.trim()) {
          const item = JSON.parse(line) as LabelledItem
          if (item.split === split) out.push({ ...item, file: name })
        }
  return out
}
