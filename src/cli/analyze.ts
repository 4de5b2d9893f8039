import type { CliIo } from './io'
export async function analyzeCli(_args: string[], io: CliIo): Promise<number> {
  io.stderr('reviews-service: the analyze command is not built yet.\n')
  return 1
}
