import { SETTINGS } from '../core/config'
import { HUB_SETTINGS, hubFlag } from '../hub/config'
import pkg from '../../package.json' with { type: 'json' }

export const VERSION = pkg.version

export function helpText(): string {
  const settings = Object.values(SETTINGS)
    .map((s) => `  ${`${s.flag} <value>`.padEnd(30)} ${s.env.padEnd(20)} ${s.description} (default ${s.default})`)
    .join('\n')
  const hub = Object.entries(HUB_SETTINGS)
    .map(([variable, [fallback, description]]) => `  ${`${hubFlag(variable)} <value>`.padEnd(38)} ${variable.padEnd(30)} ${description} (default ${fallback})`)
    .join('\n')
  return `reviews-service ${VERSION}
Publishes a local business's verified reviews: JSON datasets, feeds, search, an MCP server and a WebSub hub.

Usage:
  reviews-service [serve] [options]        Start the HTTP service (default command).
  reviews-service import FILE [options]    Import reviews: JSON dataset or array, JSONL, CSV, Google Business Profile export.
      --replace                            Also remove reviews absent from FILE.
      --dry-run                            Report what would change; change nothing.
      --format json|jsonl|csv|gbp          Override format detection.
      --business FILE                      Business profile (JSON) for an empty database.
  reviews-service mcp                      MCP server over stdio, for desktop agents.
  reviews-service analyze [--file F]       Print the aspect analysis of review texts (one per line on stdin).
  reviews-service --help | --version

Settings (flag, environment variable):
${settings}

WebSub hub settings of serve (flag, environment variable):
${hub}
`
}
