/**
 * `reviews-service --help`: the commands, the import command's options and formats, then every setting.
 * Each part is derived from its one declaration: IMPORT_OPTIONS here (which the import command parses),
 * FORMATS (import/formats.ts) and SETTINGS (core/config.ts). The README's CLI block is `usageText()`.
 */
import { flagOf, type OptionSpec, SETTING_KEYS, SETTINGS } from '../core/config'
import { VERSION } from '../core/version'
import { FORMATS } from '../import/formats'
import { MAP_USAGE } from '../import/mapping'

type DescribedOption = OptionSpec & { synopsis: string; describes: string }

/** The import command's own options: parsed by cli/import.ts, listed by --help and the import usage line. */
export const IMPORT_OPTIONS = {
  replace: { type: 'boolean', synopsis: '--replace', describes: 'Also remove reviews absent from FILE.' },
  'dry-run': { type: 'boolean', synopsis: '--dry-run', describes: 'Report what would change; change nothing.' },
  format: { type: 'string', synopsis: '--format NAME', describes: 'Read FILE as this format (below) instead of recognising it.' },
  business: {
    type: 'string',
    synopsis: '--business FILE',
    describes: "Business profile (JSON) for an empty database; wins over the file's.",
  },
  map: {
    type: 'string',
    multiple: true,
    synopsis: '--map FIELD=COLUMN,...',
    describes: "Read another platform's export (CSV columns or JSON paths).",
  },
} satisfies Record<string, DescribedOption>

const IMPORT_ARGUMENT = 'FILE|FOLDER|-'
const COLUMN = 41

const entry = (left: string, text: string) =>
  left.length < COLUMN ? `${left.padEnd(COLUMN)}${text}` : `${left}\n${' '.repeat(COLUMN)}${text}`
const options = (list: Record<string, DescribedOption>) => Object.values(list).map((o) => entry(`    ${o.synopsis}`, o.describes))

/** The usage block, as the README's CLI section shows it. */
export function usageText(): string {
  const width = Math.max(...FORMATS.map((f) => f.name.length))
  return [
    entry('reviews-service [serve] [options]', 'Start the HTTP service (default command).'),
    entry('    --sample', 'Load the embedded sample business into a DATA_DIR that never held data.'),
    entry(`reviews-service import ${IMPORT_ARGUMENT} [options]`, 'Import reviews from a file, a folder of Google pages, or stdin (-).'),
    ...options(IMPORT_OPTIONS),
    entry('reviews-service mcp', 'MCP server over stdio, for desktop agents.'),
    entry(
      'reviews-service analyze [--file F] [--json] [--rating N]',
      'How the analyser reads texts (one per line on stdin); --json: one object per line; --rating N: read each as a review of N stars.',
    ),
    'reviews-service --help | --version',
    '',
    'Import formats, recognised from the content (--format NAME):',
    ...FORMATS.map((f) => `    ${f.name.padEnd(width)}  ${f.describes}`),
    MAP_USAGE,
  ].join('\n')
}

/** One line for a refused import command line: every option, then the formats. */
export function importUsage(): string {
  const synopsis = Object.values(IMPORT_OPTIONS as Record<string, DescribedOption>)
    .map((o) => `[${o.synopsis}]`)
    .join(' ')
  return `usage: reviews-service import ${IMPORT_ARGUMENT} ${synopsis}\n  formats: ${FORMATS.map((f) => f.name).join(', ')} (see --help)\n  ${MAP_USAGE}`
}

/** The heading of each group of settings; a new group is listed under its own name until it gets one. */
const GROUP_TITLES: Record<string, string> = {
  service: 'Settings (flag, environment variable)',
  mcp: 'MCP settings of serve',
  hub: 'WebSub hub settings of serve',
}

export function helpText(): string {
  const groups = [...new Set(SETTING_KEYS.map((key) => SETTINGS[key].group as string))]
  const settings = groups.map((group) =>
    [
      `${GROUP_TITLES[group] ?? `${group} settings`}:`,
      ...SETTING_KEYS.filter((key) => SETTINGS[key].group === group).map(
        (key) =>
          `  ${`${flagOf(key)} <value>`.padEnd(38)} ${SETTINGS[key].env.padEnd(30)} ${SETTINGS[key].description} (default ${SETTINGS[key].default || 'none'})`,
      ),
    ].join('\n'),
  )
  const indented = usageText()
    .split('\n')
    .map((line) => (line ? `  ${line}` : line))
    .join('\n')
  return `reviews-service ${VERSION}
Publishes a local business's verified reviews: JSON datasets, feeds, search, an MCP server and a WebSub hub.

Usage:
${indented}

${settings.join('\n\n')}
`
}
