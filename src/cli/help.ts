/** `reviews-service --help`: commands, then every setting from the one table. */
import { flagOf, SETTING_KEYS, SETTINGS } from '../core/config'
import { VERSION } from '../core/version'

export function helpText(): string {
  const settings = (group: string) =>
    SETTING_KEYS.filter((key) => SETTINGS[key].group === group)
      .map(
        (key) =>
          `  ${`${flagOf(key)} <value>`.padEnd(38)} ${SETTINGS[key].env.padEnd(30)} ${SETTINGS[key].description} (default ${SETTINGS[key].default || 'none'})`,
      )
      .join('\n')
  return `reviews-service ${VERSION}
Publishes a local business's verified reviews: JSON datasets, feeds, search, an MCP server and a WebSub hub.

Usage:
  reviews-service [serve] [options]        Start the HTTP service (default command).
      --sample                             Load the embedded sample business into a database without data.
  reviews-service import FILE [options]    Import reviews: JSON dataset or array, JSONL, CSV, Google Business Profile export.
      --replace                            Also remove reviews absent from FILE.
      --dry-run                            Report what would change; change nothing.
      --format json|jsonl|csv|gbp          Override format detection.
      --business FILE                      Business profile (JSON) for an empty database.
  reviews-service mcp                      MCP server over stdio, for desktop agents.
  reviews-service analyze [--file F] [--json]  How the analyser reads texts (one per line on stdin); --json: one object per line.
  reviews-service --help | --version

Settings (flag, environment variable):
${settings('service')}

MCP settings of serve:
${settings('mcp')}

WebSub hub settings of serve:
${settings('hub')}
`
}
