/*
 * A text file's bytes as text: a BOM decides (UTF-8, UTF-16 LE/BE); without
 * one, UTF-8 when the bytes are valid UTF-8, else windows-1252 (what Excel
 * and older Windows tools write), with a warning for the learner.
 */

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252'

export function decodeTextDetailed(bytes: Uint8Array): {
  text: string
  encoding: TextEncoding
  warning: string | null
} {
  const b = bytes
  if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) {
    return {
      text: new TextDecoder('utf-8').decode(b.subarray(3)),
      encoding: 'utf-8',
      warning: null,
    }
  }
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe) {
    return {
      text: new TextDecoder('utf-16le').decode(b.subarray(2)),
      encoding: 'utf-16le',
      warning: null,
    }
  }
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) {
    return {
      text: new TextDecoder('utf-16be').decode(b.subarray(2)),
      encoding: 'utf-16be',
      warning: null,
    }
  }
  try {
    return {
      text: new TextDecoder('utf-8', { fatal: true }).decode(b),
      encoding: 'utf-8',
      warning: null,
    }
  } catch {
    return {
      text: decodeWindows1252(b),
      encoding: 'windows-1252',
      warning:
        'The file is not valid UTF-8; it was read as Windows-1252 (Western European). Check accented characters.',
    }
  }
}

/*
 * Node's TextDecoder('windows-1252') decodes 0x80-0x9F as C1 controls
 * (latin1), losing €, curly quotes and dashes: the table is applied here.
 */
const CP1252_80_9F = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152,
  0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122,
  0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
]

export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = []
  for (let start = 0; start < bytes.length; start += 8192) {
    const codes = Array.from(bytes.subarray(start, start + 8192), (byte) =>
      byte >= 0x80 && byte <= 0x9f ? CP1252_80_9F[byte - 0x80] : byte
    )
    parts.push(String.fromCharCode(...codes))
  }
  return parts.join('')
}

export function decodeText(bytes: Uint8Array): string {
  return decodeTextDetailed(bytes).text
}
