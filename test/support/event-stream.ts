/** Reads a server-sent event stream (MCP's GET /mcp) in tests. */

/** Reads until `done` holds for the text so far, or the stream ends: the text read either way. */
export async function readUntil(
  reader: { read(): Promise<{ done: boolean; value?: Uint8Array }> },
  done: (text: string) => boolean,
): Promise<string> {
  let text = ''
  const decoder = new TextDecoder()
  while (!done(text)) {
    const chunk = await reader.read()
    if (chunk.done) return text
    text += decoder.decode(chunk.value, { stream: true })
  }
  return text
}
