/** `reviews-service import`: see src/import. */
import { loadConfig, parseCommandLine } from '../core/config'
import type { CliIo } from './io'

export async function importCli(args: string[], io: CliIo): Promise<number> {
  // The import's own options are parsed by the import command; only the settings are taken here.
  const dataDirAt = args.findIndex((arg) => arg === '--data-dir' || arg.startsWith('--data-dir='))
  const settingArgs = dataDirAt === -1 ? [] : args[dataDirAt]!.includes('=') ? [args[dataDirAt]!] : args.slice(dataDirAt, dataDirAt + 2)
  const rest = dataDirAt === -1 ? args : args.filter((_, i) => i < dataDirAt || i >= dataDirAt + settingArgs.length)
  const { overrides } = parseCommandLine('import', settingArgs, ['dataDir'])
  const config = loadConfig(io.env, overrides)
  const { importCommand } = await import('../import/command')
  return importCommand(rest, { dataDir: config.dataDir, stdout: io.stdout, stderr: io.stderr, isTTY: io.isTTY })
}
