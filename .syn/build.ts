for (const n of process.argv.slice(2)) {
  const r = await Bun.build({ entrypoints: [`/work/wt/start/.syn/${n}.ts`], compile: { outfile: `/tmp/start/syn/${n}` }, bytecode: true, format: 'esm', minify: true, target: 'bun' })
  if (!r.success) console.log(r.logs)
}
