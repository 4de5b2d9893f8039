/**
 * Generates a typed client from an OpenAPI document with openapi-typescript and compiles it with
 * `tsc --strict`, asserting at the type level that every response body it declares has a real type
 * (not `unknown`, not `any`). openapi-typescript drives the TypeScript 5 compiler API, which the
 * project's TypeScript 7 no longer has, so it is bundled against the `typescript5` alias.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const ROOT = join(import.meta.dir, '..', '..')
type Generator = { openapiTS: (schema: object) => Promise<unknown>; astToString: (ast: unknown) => string }
let generator: Promise<Generator> | undefined

function loadGenerator(): Promise<Generator> {
  return (generator ??= (async () => {
    const outdir = mkdtempSync(join(tmpdir(), 'openapi-typescript-'))
    const built = await Bun.build({
      entrypoints: [Bun.resolveSync('openapi-typescript', ROOT)],
      target: 'bun',
      outdir,
      plugins: [
        {
          name: 'typescript5',
          setup(build) {
            build.onResolve({ filter: /^typescript$/ }, () => ({ path: Bun.resolveSync('typescript5', ROOT) }))
          },
        },
      ],
    })
    if (!built.success) throw new Error(`bundling openapi-typescript failed: ${built.logs.join('\n')}`)
    const module = await import(built.outputs[0]!.path)
    return { openapiTS: module.default, astToString: module.astToString }
  })())
}

export type TypedClientResult = { source: string; checks: number; exitCode: number; output: string }

/** Every (path, method, status, media type) with a body: the checks the compiled assertions make. */
function bodies(document: any): [string, string, string, string][] {
  const found: [string, string, string, string][] = []
  for (const [path, item] of Object.entries<any>(document.paths ?? {})) {
    for (const [method, operation] of Object.entries<any>(item)) {
      for (const [status, response] of Object.entries<any>(operation.responses ?? {})) {
        for (const mediaType of Object.keys(response.content ?? {})) found.push([path, method, status, mediaType])
      }
    }
  }
  return found
}

export async function compileTypedClient(document: object): Promise<TypedClientResult> {
  const { openapiTS, astToString } = await loadGenerator()
  const source = astToString(await openapiTS(structuredClone(document)))
  const dir = mkdtempSync(join(tmpdir(), 'typed-client-'))
  writeFileSync(join(dir, 'client.ts'), source)
  const checks = bodies(document)
  const assertions = checks.map(
    ([path, method, status, mediaType], i) =>
      `type Check${i} = Expect<Typed<paths[${JSON.stringify(path)}][${JSON.stringify(method)}]['responses'][${JSON.stringify(status)}]['content'][${JSON.stringify(mediaType)}]>>`,
  )
  writeFileSync(
    join(dir, 'check.ts'),
    [
      "import type { paths } from './client'",
      '// True only for a real type: unknown and any are refused.',
      'type Typed<T> = unknown extends T ? false : 0 extends 1 & T ? false : true',
      'type Expect<T extends true> = T',
      ...assertions,
      `export type All = [${checks.map((_, i) => `Check${i}`).join(', ')}]`,
      '',
    ].join('\n'),
  )
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'bundler',
        skipLibCheck: false,
        types: [],
      },
      files: ['client.ts', 'check.ts'],
    }),
  )
  const tsc = Bun.spawnSync([join(ROOT, 'node_modules', '.bin', 'tsc'), '-p', join(dir, 'tsconfig.json')], { cwd: dir })
  return { source, checks: checks.length, exitCode: tsc.exitCode, output: tsc.stdout.toString() + tsc.stderr.toString() }
}

/** Lines of the generated client that type something as `unknown`, apart from the open header maps openapi-typescript always adds. */
export function unknownTypes(source: string): string[] {
  return source
    .split('\n')
    .filter((line) => /\bunknown\b/.test(line))
    .filter((line) => !/^\s*(\/\*\*|\*)/.test(line))
    .filter((line) => !/^\s*\[name: string\]: unknown;$/.test(line))
}
