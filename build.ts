/**
 * `bun run build`: compiles the service, its dependencies and the embedded sample data into one
 * executable, dist/reviews-service, that runs with no Bun, Node or node_modules on the machine.
 */
export {}

const outfile = process.env.OUTFILE ?? 'dist/reviews-service'

const result = await Bun.build({
  entrypoints: ['src/main.ts'],
  compile: { outfile },
  // Precompiled bytecode: the runtime skips parsing the bundle at start (bench/RESULTS.md, cold start).
  // BYTECODE=0 builds without it, for comparison.
  bytecode: process.env.BYTECODE !== '0',
  // Bytecode defaults to CommonJS, which has no top-level await (src/main.ts uses it).
  format: 'esm',
  minify: true,
  sourcemap: 'linked',
  target: 'bun',
})

if (!result.success) {
  for (const log of result.logs) console.error(log)
  process.exit(1)
}
console.log(`built ${outfile}`)
