/**
 * The /docs page: the OpenAPI document rendered to plain HTML on the server. No script, no font,
 * no stylesheet from anywhere else, so it works offline and behind the strictest CSP.
 */
import type { OpenApiDocument } from './openapi-parts'

const escapeHtml = (text: unknown) =>
  String(text ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** Inline `code` and line breaks from the descriptions' Markdown; nothing else is interpreted. */
const prose = (text: unknown) =>
  escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\n/g, '<br>')

function schemaSummary(schema: any): string {
  if (!schema) return ''
  if (schema.$ref) {
    const name = String(schema.$ref).split('/').pop()
    return `<a href="#schema-${escapeHtml(name)}">${escapeHtml(name)}</a>`
  }
  if (schema.anyOf) return schema.anyOf.map(schemaSummary).join(' | ')
  if (schema.type === 'array') return `${schemaSummary(schema.items)}[]`
  const bounds = [
    schema.format && `format ${schema.format}`,
    schema.minimum !== undefined && `≥ ${schema.minimum}`,
    schema.maximum !== undefined && `≤ ${schema.maximum}`,
    schema.minLength !== undefined && `length ≥ ${schema.minLength}`,
    schema.maxLength !== undefined && `length ≤ ${schema.maxLength}`,
    schema.default !== undefined && `default ${JSON.stringify(schema.default)}`,
    schema.enum && `one of ${schema.enum.join(', ')}`,
  ].filter(Boolean)
  return `${escapeHtml(schema.type ?? (schema.const !== undefined ? JSON.stringify(schema.const) : 'object'))}${bounds.length ? ` <small>(${escapeHtml(bounds.join(', '))})</small>` : ''}`
}

/** Response headers by name, the ones a client acts on first; CORS headers are said once, in the introduction. */
function headerList(headers: Record<string, { description?: string; required?: boolean }> | undefined): string {
  return Object.entries(headers ?? {})
    .filter(([name]) => !name.startsWith('Access-Control-'))
    .map(
      ([name, header]) =>
        `<code title="${escapeHtml(header.description)}">${escapeHtml(name)}</code>${header.required ? '' : ' <small>optional</small>'}`,
    )
    .join('<br>')
}

function operationHtml(method: string, path: string, op: any, alsoHead = false): string {
  const parameters = (op.parameters ?? []) as any[]
  const responses = Object.entries(op.responses ?? {}) as [string, any][]
  const body = op.requestBody?.content
  return `<section class="op" id="${escapeHtml(op.operationId ?? `${method}-${path}`)}">
  <h3><span class="method ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span>${alsoHead ? ' <span class="method head">HEAD</span>' : ''} <code>${escapeHtml(path)}</code></h3>
  ${op.summary ? `<p class="summary">${prose(op.summary)}</p>` : ''}
  ${op.description ? `<p>${prose(op.description)}</p>` : ''}
  ${
    parameters.length
      ? `<table><tr><th>Parameter</th><th>In</th><th>Type</th><th>Meaning</th></tr>${parameters
          .map(
            (p) =>
              `<tr><td><code>${escapeHtml(p.name)}</code>${p.required ? ' <small>required</small>' : ''}</td><td>${escapeHtml(p.in)}</td><td>${schemaSummary(p.schema)}</td><td>${prose(p.description)}</td></tr>`,
          )
          .join('')}</table>`
      : ''
  }
  ${
    body
      ? `<p><b>Body:</b> ${Object.entries(body)
          .map(([type, media]: [string, any]) => `<code>${escapeHtml(type)}</code> ${schemaSummary(media.schema)}`)
          .join('; ')}</p>`
      : ''
  }
  <table><tr><th>Status</th><th>Meaning</th><th>Body</th><th>Headers</th></tr>${responses
    .map(
      ([status, r]) =>
        `<tr><td>${escapeHtml(status)}</td><td>${prose(r.description)}</td><td>${Object.entries(r.content ?? {})
          .map(([type, media]: [string, any]) => `<code>${escapeHtml(type)}</code> ${schemaSummary(media.schema)}`)
          .join('<br>')}</td><td class="headers">${headerList(r.headers)}</td></tr>`,
    )
    .join('')}</table>
</section>`
}

export function renderDocsPage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>()
  for (const tag of doc.tags) byTag.set(tag.name, [])
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      // HEAD is GET without a body: shown as a badge on the GET, not as a copy of it.
      if (method === 'head' && item.get) continue
      const tag = op.tags?.[0] ?? 'Other'
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op, method === 'get' && !!item.head)])
    }
  }
  for (const [name, item] of Object.entries(doc.webhooks ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, any>)) {
      byTag.set('Webhooks (hub → your callback)', [
        ...(byTag.get('Webhooks (hub → your callback)') ?? []),
        operationHtml(method, `{callback} · ${name}`, op),
      ])
    }
  }
  const tagDescription = new Map(doc.tags.map((t) => [t.name, t.description]))
  const sections = [...byTag.entries()]
    .filter(([, ops]) => ops.length)
    .map(
      ([tag, ops]) =>
        `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${tagDescription.get(tag) ? `<p>${prose(tagDescription.get(tag))}</p>` : ''}${ops.join('\n')}`,
    )
    .join('\n')
  const schemas = Object.entries(doc.components.schemas)
    .map(
      ([name, schema]) =>
        `<section id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3><pre tabindex="0" aria-label="${escapeHtml(name)} schema">${escapeHtml(JSON.stringify(schema, null, 2))}</pre></section>`,
    )
    .join('\n')
  const nav = [...byTag.entries()]
    .filter(([, ops]) => ops.length)
    .map(([tag]) => tag)
    .map((tag) => `<a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a>`)
    .join(' · ')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} ${escapeHtml(doc.info.version)}</title>
<style>
body{font:15px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f}
h1{margin-bottom:.2rem}h2{border-bottom:2px solid #e5e5ea;padding-bottom:.3rem;margin-top:2.5rem}
.op{border:1px solid #e5e5ea;border-radius:8px;padding:.2rem 1rem;margin:1rem 0}
.method{display:inline-block;min-width:4.2rem;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:.1rem .4rem}
.get{background:#0a7d4f}.post{background:#1f5fbf}.delete{background:#b3261e}.head{background:#6b6b6b}
table{border-collapse:collapse;width:100%;margin:.5rem 0;font-size:.9rem}td,th{border-top:1px solid #eee;padding:.3rem;text-align:left;vertical-align:top}
code{background:#f3f3f6;padding:0 .25rem;border-radius:3px}td.headers{white-space:nowrap}pre{background:#f6f6f8;padding:.8rem;overflow:auto;font-size:.8rem}
.summary{font-weight:600}small{color:#6b6b6b}
</style></head><body>
<h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)} · OpenAPI ${escapeHtml(doc.openapi)}</small></h1>
<p>${prose(doc.info.description)}</p>
<p>Base URL: <code>${escapeHtml(doc.servers[0]?.url)}</code> · Machine-readable: <a href="/.well-known/openapi.json">/.well-known/openapi.json</a></p>
<nav>${nav} · <a href="#schemas">Schemas</a></nav>
${sections}
<h2 id="schemas">Schemas</h2>
${schemas}
</body></html>
`
}
