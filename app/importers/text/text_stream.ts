import { createReadStream } from 'node:fs'
import { ImportError } from '#importers/bundle'
import { decodeWindows1252, type TextEncoding } from '#importers/text/decode'
import {
  lineOf,
  lineStarts,
  tokenizePart,
  type RawRecord,
  type RecordSep,
} from '#importers/text/tokenise'

/*
 * A text file read as a stream, a chunk at a time, never whole: its
 * encoding decided as decode.ts decides it (a BOM, else UTF-8 if the whole
 * file is valid UTF-8, else Windows-1252), its text in chunks, and its
 * records in the order and with the line numbers tokenize() gives for the
 * whole text (tokenizePart stops before whatever the next chunk could
 * change, and the rest waits for it). A record still open after
 * RECORD_MAX_MB (a quote never closed, in a large file) is refused rather
 * than held: the learner gets import_record_too_long.
 */

const RECORD_MAX_MB = 8
const RECORD_MAX_CHARS = RECORD_MAX_MB * 1024 * 1024
/*
 * the separator detection's sample: at least this much text, then on to a line's end (as separators.ts's
 * detectionSample)
 */
const SAMPLE_CHARS = 2 * 1024 * 1024

export interface TextFile {
  path: string
  encoding: TextEncoding
  /** the bytes of the byte-order mark, not read as text */
  skip: number
  warning: string | null
  /** the size of a read (tests read a few bytes at a time) */
  chunkBytes: number
}

function bytesOf(path: string, start: number, chunkBytes: number): AsyncIterable<Buffer> {
  return createReadStream(path, { start, highWaterMark: chunkBytes })
}

/** The file's encoding: its BOM, else a read to the end to tell valid UTF-8 from Windows-1252. */
export async function openTextFile(path: string, chunkBytes = 64 * 1024): Promise<TextFile> {
  let head = Buffer.alloc(0)
  for await (const chunk of bytesOf(path, 0, 3)) {
    head = Buffer.concat([head, chunk])
    if (head.length >= 3) break
  }
  const file = (encoding: TextEncoding, skip: number, warning: string | null = null) => ({
    path,
    encoding,
    skip,
    warning,
    chunkBytes,
  })
  if (head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf)
    return file('utf-8', 3)
  if (head.length >= 2 && head[0] === 0xff && head[1] === 0xfe) return file('utf-16le', 2)
  if (head.length >= 2 && head[0] === 0xfe && head[1] === 0xff) return file('utf-16be', 2)
  const decoder = new TextDecoder('utf-8', { fatal: true })
  try {
    for await (const chunk of bytesOf(path, 0, chunkBytes)) decoder.decode(chunk, { stream: true })
    decoder.decode()
    return file('utf-8', 0)
  } catch {
    return file(
      'windows-1252',
      0,
      'The file is not valid UTF-8; it was read as Windows-1252 (Western European). Check accented characters.'
    )
  }
}

/** The file's text a chunk at a time (a leading U+FEFF dropped, as parseTextImport drops it). */
async function* textChunks(file: TextFile): AsyncGenerator<string> {
  const decoder = file.encoding === 'windows-1252' ? null : new TextDecoder(file.encoding)
  let first = true
  const out = (text: string) => {
    if (first && text) {
      first = false
      if (text.startsWith('\uFEFF')) return text.slice(1)
    }
    return text
  }
  for await (const chunk of bytesOf(file.path, file.skip, file.chunkBytes)) {
    const text = out(decoder ? decoder.decode(chunk, { stream: true }) : decodeWindows1252(chunk))
    if (text) yield text
  }
  const rest = decoder ? out(decoder.decode()) : ''
  if (rest) yield rest
}

/**
 * The text's beginning, for the header and the separators: SAMPLE_CHARS and on to the end of that line (or all
 * of a shorter text).
 */
export async function readSample(file: TextFile): Promise<string> {
  let text = ''
  for await (const chunk of textChunks(file)) {
    text += chunk
    const end = text.length > SAMPLE_CHARS ? text.indexOf('\n', SAMPLE_CHARS) : -1
    if (end >= 0) return text.slice(0, end + 1)
  }
  return text
}

export interface RecordBatch {
  records: RawRecord[]
  /** lines of records whose quote never closes */
  unbalanced: number[]
}

/**
 * The records of the text from `start` (after its header), fs between
 * fields and rs between records, in batches as the file is read: the same
 * records, with the same lines, as tokenize() over the whole text.
 */
export async function* recordBatches(
  file: TextFile,
  start: number,
  fs: string,
  rs: RecordSep
): AsyncGenerator<RecordBatch> {
  /*
   * the text not read yet; text[0] is the character before `from` once a part was read (a comment's # must
   * follow a line break)
   */
  let text = ''
  let from = start
  /* the line of text[0] */
  let baseLine = 1
  const read = (final: boolean): RecordBatch => {
    const starts = lineStarts(text)
    const part = tokenizePart(text, from, fs, rs, starts, final)
    const batch = {
      records: part.records.map((record) => ({
        line: baseLine + record.line - 1,
        fields: record.fields,
      })),
      unbalanced: part.unbalanced.map((line) => baseLine + line - 1),
    }
    if (final) return batch
    if (part.stop > from) {
      baseLine += lineOf(starts, part.stop - 1) - 1
      text = text.slice(part.stop - 1)
      from = 1
    }
    if (text.length - from > RECORD_MAX_CHARS) {
      throw new ImportError(
        'import_record_too_long',
        `line ${baseLine}: a record longer than ${RECORD_MAX_MB} MB (a quote never closed?)`
      )
    }
    return batch
  }
  for await (const chunk of textChunks(file)) {
    text += chunk
    /* the header is skipped whole, however the chunks cut it */
    if (text.length <= from) continue
    const batch = read(false)
    if (batch.records.length || batch.unbalanced.length) yield batch
  }
  if (text.length > from) yield read(true)
}
