for (const m of ['both', 'intl', 'temporal', 'supported', 'instant']) {
  const r = await Bun.build({ entrypoints: ['/work/wt/start/.syn/tz.ts'], compile: { outfile: '/tmp/start/syn/tz' }, bytecode: true, format: 'esm', minify: true, target: 'bun' })
}
