/** The command dispatcher of the single executable. */
import { ConfigError } from '../core/config'
import { VERSION } from '../core/version'
import { helpText } from './help'
import type { CliIo } from './io'

type Command = (args: string[], io: CliIo) => Promise<number>

const commands: Record<string, () => Promise<Command>> = {
  serve: async () => (await import('./serve')).serveCommand,
  import: async () => (await import('./import')).importCli,
  mcp: async () => (await import('./mcp')).mcpCli,
  analyze: async () => (await import('./analyze')).analyzeCli,
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h') || argv[0] === 'help') {
    io.stdout(helpText())
    return 0
  }
  if (argv.includes('--version') || argv.includes('-v')) {
    io.stdout(`${VERSION}\n`)
    return 0
  }
  const [first, ...rest] = argv
  const name = first === undefined || first.startsWith('-') ? 'serve' : first
  const args = name === first ? rest : argv
  const load = commands[name]
  if (!load) {
    io.stderr(`reviews-service: unknown command "${name}". Run reviews-service --help.\n`)
    return 2
  }
  try {
    return await (await load())(args, io)
  } catch (error) {
    if (error instanceof ConfigError) {
      io.stderr(`reviews-service: ${error.message}\n`)
      return 2
    }
    throw error
  }
}
