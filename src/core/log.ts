/** One structured logger for the whole service: a JSON line per event, to stderr (stdout stays for command output and MCP stdio). */
type LogEvent = Record<string, unknown>
export type Logger = (event: LogEvent) => void

export function createLogger(write: (line: string) => void = (line) => process.stderr.write(line)): Logger {
  return (event) => write(`${JSON.stringify({ time: new Date().toISOString(), ...event })}\n`)
}
