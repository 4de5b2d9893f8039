/**
 * `bun run build`: compiles the service, its dependencies and the embedded sample data into one
 * executable, dist/reviews-service, that runs with no Bun, Node or node_modules on the machine.
 */
import { rmSync } from 'node:fs'

const outfile = process.env.OUTFILE ?? 'dist/reviews-service'
// A map left by an older build would still sit beside the new executable.
rmSync(`${outfile}.map`, { force: true })

const result = await Bun.build({
  // The insights and version-build workers are entrypoints of their own: the executable carries it beside the main bundle.
  entrypoints: ['src/main.ts', 'src/insights/insights-worker.ts', 'src/catalog/build-worker.ts'],
  compile: { outfile },
  // Precompiled bytecode: the runtime skips parsing the bundle at start (bench/RESULTS.md, cold start).
  // BYTECODE=0 builds without it, for comparison.
  bytecode: process.env.BYTECODE !== '0',
  // Bytecode defaults to CommonJS, which has no top-level await (src/main.ts uses it).
  format: 'esm',
  // No code splitting: chunks for the dynamic imports made the start cost 1.4x the CPU time (bench/start-ab.ts);
  // what is imported dynamically is still evaluated only when first imported.
  minify: true,
  // No source map: the executable carries only the minified code it runs, no source text (stack traces in logs are minified).
  sourcemap: 'none',
  target: 'bun',
  // Elysia imports file-type only to check the type of uploaded files, which no route takes; bundled, it would
  // load node:tty and node:os at every start (through supports-color). Left out, Elysia never asks for it.
  external: ['file-type'],
})

if (!result.success) {
  for (const log of result.logs) console.error(log)
  process.exit(1)
}
console.log(`built ${outfile}`)
