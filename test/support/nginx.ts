/**
 * Debian's nginx in front of test servers: a throw-away prefix directory, a config whose `http` block the test
 * writes (the rest is the same everywhere), started in the foreground and awaited until it answers.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const nginxBinary = Bun.which('nginx') ?? Bun.which('nginx', { PATH: '/usr/sbin:/usr/local/sbin' })

/** Warns, naming the test file, when nginx is missing: the suite skips itself rather than failing. */
export function warnIfNoNginx(testFile: string): void {
  if (!nginxBinary) console.warn(`${testFile}: skipped, nginx is not installed (apt-get install -y nginx-light)`)
}

async function freePort(): Promise<number> {
  const probe = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const port = probe.port
  probe.stop(true)
  return port
}

export type Nginx = { url: string; dir: string; stop: () => Promise<void> }

/**
 * Starts nginx with `http(dir, listen)` as its `http { ... }` body (`listen` is the `listen` directive's
 * address) and waits until `GET /healthz` through it gets any answer.
 */
export async function startNginx(name: string, http: (dir: string, listen: string) => string): Promise<Nginx> {
  if (!nginxBinary) throw new Error('nginx is not installed')
  const dir = mkdtempSync(join(tmpdir(), `nginx-${name}-`))
  const port = await freePort()
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${http(dir, `127.0.0.1:${port}`)}
}
`,
  )
  const proc = Bun.spawn([nginxBinary, '-p', dir, '-c', join(dir, 'nginx.conf'), '-e', 'stderr'], { stdout: 'ignore', stderr: 'pipe' })
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    proc.kill()
    await proc.exited
    rmSync(dir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 10_000
  while (true) {
    try {
      await fetch(`${url}/healthz`)
      return { url, dir, stop }
    } catch {
      if (proc.exitCode !== null || Date.now() > deadline) {
        const log = await new Response(proc.stderr as ReadableStream).text()
        await stop()
        throw new Error(`nginx did not start: ${log}`)
      }
      await Bun.sleep(20)
    }
  }
}
