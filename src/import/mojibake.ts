/**
 * UTF-8 that was once read as Windows-1252 and saved again ("FÃ¼r" for "Für", "â€™" for "’"):
 * common in exports that passed through a spreadsheet. Each such sequence is turned back into the
 * character it was; anything that does not decode as UTF-8 is left exactly as written.
 */

// Windows-1252's characters for bytes 0x80-0x9F; the five undefined bytes pass as C1 controls.
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ'
const BYTE_OF = new Map<string, number>()
for (let b = 0; b < 256; b++) BYTE_OF.set(b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80]! : String.fromCharCode(b), b)

const CONT = `[\\u0080-\\u00BF${CP1252_HIGH}]`
// A lead byte (read as Latin-1) followed by the continuation bytes its sequence needs. Two-byte leads
// stop at 0xD7 (up to Hebrew): "ß“" in German is a real pair, not NKo script read wrongly.
const SEQUENCE = new RegExp(`[\\u00C2-\\u00D7]${CONT}|[\\u00E0-\\u00EF]${CONT}{2}|[\\u00F0-\\u00F4]${CONT}{3}`, 'g')
const decoder = new TextDecoder('utf-8', { fatal: true })

export function repairMojibake(text: string): string {
  if (!/[\u00C2-\u00F4]/.test(text)) return text
  return text.replace(SEQUENCE, (sequence) => {
    const bytes = Uint8Array.from(sequence, (c) => BYTE_OF.get(c)!)
    try {
      return decoder.decode(bytes)
    } catch {
      return sequence
    }
  })
}
