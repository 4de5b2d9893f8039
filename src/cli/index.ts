/** The command dispatcher of the single executable. */
import { lookupTable } from '../core/lookup-table'
import { join, resolve } from 'node:path'
import { DATABASE_FILE } from '../db/database'
import { describeFailure } from './failures'
import { VERSION } from '../core/version'
import { helpText } from './help'
import type { CliIo } from './io'
import { INSIGHTS_CHILD_COMMAND } from '../insights/child-command'

type Command = (args: string[], io: CliIo) => Promise<number>

const commands: Record<string, () => Promise<Command>> = lookupTable({
  serve: async () => (await import('./serve')).serveCommand,
  import: async () => (await import('./import')).importCli,
  mcp: async () => (await import('./mcp')).mcpCli,
  analyze: async () => (await import('./analyze')).analyzeCli,
  // Not a user's command: a server computes insights in a child process of its own executable (insights/insights-child.ts).
  [INSIGHTS_CHILD_COMMAND]: async () => (await import('./insights-child')).insightsChildCli,
})

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
    const { message, exitCode } = describeFailure(error, databaseOf(args, io))
    io.stderr(`reviews-service: ${message}\n`)
    return exitCode
  }
}

/** The database path a failing command was using, for the message (the command may have failed before it knew). */
function databaseOf(args: string[], io: CliIo): string {
  const at = args.findIndex((arg) => arg === '--data-dir' || arg.startsWith('--data-dir='))
  const flag = at === -1 ? undefined : args[at]!.includes('=') ? args[at]!.slice('--data-dir='.length) : args[at + 1]
  return join(resolve(flag ?? io.env.DATA_DIR ?? './data'), DATABASE_FILE)
}
