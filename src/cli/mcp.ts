import type { CliIo } from './io'
export async function mcpCli(_args: string[], io: CliIo): Promise<number> {
  io.stderr('reviews-service: the mcp command is not built yet.\n')
  return 1
}
