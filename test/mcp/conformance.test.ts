/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance, a devDependency) against the
 * real service on port 0. Scenarios that need the suite's reference fixtures are listed in
 * conformance-baseline.yml; the suite itself fails the run if any other scenario fails, or if a listed
 * one starts passing. It needs no network.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startTestServer, type TestServer } from '../support/server'

const SUITE = join(import.meta.dir, '..', '..', 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js')
const BASELINE = join(import.meta.dir, 'conformance-baseline.yml')
const MUST_PASS = [
  'server-initialize',
  'ping',
  'tools-list',
  'resources-list',
  'prompts-list',
  'logging-set-level',
  'completion-complete',
  'server-sse-multiple-streams',
  'dns-rebinding-protection',
]

let server: TestServer
beforeAll(async () => {
  // The suite talks to http://127.0.0.1:<port> as a browser on that origin would: the operator's
  // MCP_ALLOWED_ORIGINS for a server used from the same machine. Any other origin is refused.
  server = await startTestServer({ env: { MCP_ALLOWED_ORIGINS: 'http://127.0.0.1:*' } })
})
afterAll(() => server.stop())

test('the official conformance suite passes every applicable scenario, DNS rebinding protection included', async () => {
  const output = mkdtempSync(join(tmpdir(), 'mcp-conformance-'))
  // The suite's CLI needs Node 22 APIs (fs.globSync); Bun runs it as it is.
  const proc = Bun.spawn([process.execPath, SUITE, 'server', '--url', `${server.url}/mcp`, '--expected-failures', BASELINE, '-o', output], {
    stdout: 'pipe',
    stderr: 'pipe',
    env: { ...process.env, NO_COLOR: '1' },
  })
  const [code, stdout, stderr] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()])
  if (code !== 0) throw new Error(`conformance suite failed (exit ${code}):\n${stdout.slice(-4000)}\n${stderr.slice(-2000)}`)
  expect(stdout).toContain('Baseline check passed')

  const results = new Map<string, { status: string; id: string; errorMessage?: string }[]>()
  for (const dir of readdirSync(output)) {
    const scenario = dir.replace(/^server-/, '').replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, '')
    results.set(scenario, JSON.parse(readFileSync(join(output, dir, 'checks.json'), 'utf8')))
  }
  for (const scenario of MUST_PASS) {
    const checks = results.get(scenario)
    expect(checks, scenario).toBeDefined()
    expect(
      checks!.some((c) => c.status === 'SUCCESS'),
      scenario,
    ).toBe(true)
    expect(
      checks!.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING'),
      scenario,
    ).toEqual([])
  }
}, 120_000)
