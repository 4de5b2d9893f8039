#!/usr/bin/env bun
/** Entry point of the reviews-service executable. */
import { runCli } from './cli/index'
import { processIo } from './cli/io'

const code = await runCli(process.argv.slice(2), processIo())
process.exit(code)
