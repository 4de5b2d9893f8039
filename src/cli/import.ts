/** `reviews-service import`: see src/import. */
import { loadConfig, readFlags, SETTINGS } from '../core/config'
import type { CliIo } from './io'

export async function importCli(args: string[], io: CliIo): Promise<number> {
  const { flags, rest } = readFlags(args, [SETTINGS.dataDir.flag])
  const config = loadConfig(io.env, flags)
  const { importCommand } = await import('../import/command')
  return importCommand(rest, { dataDir: config.dataDir, stdout: io.stdout, stderr: io.stderr, isTTY: io.isTTY })
}
