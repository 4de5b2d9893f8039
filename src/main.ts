#!/usr/bin/env bun
/** Entry point of the reviews-service executable. */
import { runCli } from './cli/index'
import { flushStandardStreams, processIo } from './cli/io'

const code = await runCli(process.argv.slice(2), processIo())
// Everything written must reach a pipe before the process ends (`analyze | wc -l`, `import ... | tee`).
await flushStandardStreams()
process.exit(code)
