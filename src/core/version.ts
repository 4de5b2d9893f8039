/** The release version, from package.json: the CLI, the MCP server info and the OpenAPI document all say it. */
import pkg from '../../package.json' with { type: 'json' }

export const VERSION = pkg.version
