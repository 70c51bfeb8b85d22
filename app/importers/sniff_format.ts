import type { BundleFormat } from '#importers/bundle'

/*
 * Whether an upload's bytes are the format its name claims, judged as the
 * bytes stream by (a chunk at a time, never the whole file), so a file no
 * reader can read is refused at upload rather than failing later in the job:
 *
 *  - .apkg / .colpkg: a zip (local file header first) holding an Anki
 *    collection (collection.anki2, .anki21 or .anki21b) at its root;
 *  - .ofc: a zip holding manifest.json;
 *  - .csv / .txt / .tsv: text. The text reader takes UTF-8, UTF-16 with a
 *    byte-order mark, and falls back to Windows-1252, which decodes any byte;
 *    so "text" means no control characters besides tab, line and page breaks
 *    (and DOS's end-of-file mark) in the first 64 KB, in UTF-16 once decoded.
 *
 * An empty upload is left to the caller (it has its own message).
 */

const ZIP_LOCAL = 0x04034b50
const ZIP_CENTRAL = 0x02014b50
const COLLECTIONS = ['collection.anki2', 'collection.anki21', 'collection.anki21b']
const ENTRY_WANTED: Partial<Record<BundleFormat, string[]>> = {
  apkg: COLLECTIONS,
  colpkg: COLLECTIONS,
  ofc: ['manifest.json'],
}
/* the longest header plus the longest wanted name: a header cut by a chunk's end is read again with the next */
const CARRY =
  46 +
  Math.max(
    ...Object.values(ENTRY_WANTED)
      .flat()
      .map((name) => name.length)
  )
const TEXT_SAMPLE = 64 * 1024
/* tab, line feed, vertical tab, form feed, carriage return, DOS end of file */
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1a])

export type Verdict = 'accepted' | 'refused' | 'undecided'

export class FormatSniffer {
  #seen = 0
  #refused = false
  #found = false
  #carry = Buffer.alloc(0)
  #sample: Buffer[] = []
  #sampled = 0
  #textChecked = false
  readonly #wanted: string[] | null

  constructor(readonly format: BundleFormat) {
    this.#wanted = ENTRY_WANTED[format] ?? null
  }

  /** Feeds the next chunk; 'refused' as soon as the bytes cannot be the format. */
  push(chunk: Buffer): Verdict {
    if (this.#refused || !chunk.length) return this.#refused ? 'refused' : 'undecided'
    const start = this.#seen
    this.#seen += chunk.length
    if (this.#wanted) this.#scanZip(chunk, start)
    else this.#sampleText(chunk)
    return this.#refused ? 'refused' : 'undecided'
  }

  /** After the last chunk: whether the whole upload is the format. */
  finish(): Verdict {
    if (this.#seen === 0) return 'undecided'
    if (!this.#wanted && !this.#textChecked) this.#checkText()
    if (this.#wanted && !this.#found) this.#refused = true
    return this.#refused ? 'refused' : 'accepted'
  }

  #scanZip(chunk: Buffer, start: number) {
    const bytes = this.#carry.length ? Buffer.concat([this.#carry, chunk]) : chunk
    /* a zip opens with a local file header: anything else (random bytes, a PDF, an empty archive) is no package */
    if (start < 4 && this.#seen >= 4 && bytes.readUInt32LE(0) !== ZIP_LOCAL) {
      this.#refused = true
      return
    }
    for (let at = bytes.indexOf('PK'); at >= 0 && !this.#found; at = bytes.indexOf('PK', at + 1)) {
      this.#found = this.#wantedEntryAt(bytes, at)
    }
    this.#carry = Buffer.from(bytes.subarray(Math.max(0, bytes.length - CARRY)))
  }

  /** A local or central directory header at `at` naming a wanted entry. */
  #wantedEntryAt(bytes: Buffer, at: number) {
    if (at + 4 > bytes.length) return false
    const signature = bytes.readUInt32LE(at)
    const [lengthAt, nameAt] =
      signature === ZIP_LOCAL ? [26, 30] : signature === ZIP_CENTRAL ? [28, 46] : [0, 0]
    if (!nameAt || at + nameAt > bytes.length) return false
    const length = bytes.readUInt16LE(at + lengthAt)
    if (at + nameAt + length > bytes.length) return false
    const name = bytes.toString('latin1', at + nameAt, at + nameAt + length)
    return this.#wanted!.includes(name)
  }

  #sampleText(chunk: Buffer) {
    if (this.#textChecked) return
    this.#sample.push(chunk.subarray(0, TEXT_SAMPLE - this.#sampled))
    this.#sampled += Math.min(chunk.length, TEXT_SAMPLE - this.#sampled)
    if (this.#sampled >= TEXT_SAMPLE) this.#checkText()
  }

  #checkText() {
    this.#textChecked = true
    const sample = Buffer.concat(this.#sample)
    this.#sample = []
    this.#refused = !looksLikeText(sample)
  }
}

/** The beginning of a text file, as the text reader would decode it, holds no control characters. */
function looksLikeText(sample: Buffer) {
  const utf16 =
    sample[0] === 0xff && sample[1] === 0xfe
      ? 'utf-16le'
      : sample[0] === 0xfe && sample[1] === 0xff
        ? 'utf-16be'
        : null
  if (utf16) {
    /* an odd last byte is half a character cut by the sample's end */
    const text = new TextDecoder(utf16).decode(
      sample.subarray(2, sample.length - (sample.length % 2))
    )
    for (let i = 0; i < text.length; i++)
      if (text.charCodeAt(i) < 0x20 && !TEXT_CONTROLS.has(text.charCodeAt(i))) return false
    return true
  }
  for (const byte of sample) if (byte < 0x20 && !TEXT_CONTROLS.has(byte)) return false
  return true
}
