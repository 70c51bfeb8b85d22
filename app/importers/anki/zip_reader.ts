import { createWriteStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { Transform, Writable, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createZstdDecompress } from 'node:zlib'
import yauzl from 'yauzl'
import { ImportError } from '#importers/bundle'

/*
 * Streams entries out of a zip on disk (the central directory is read, the
 * data never held whole), with a zip-bomb guard: every byte inflated (and
 * zstd-decompressed) is counted against one budget, declared sizes are
 * checked before anything is extracted, and an entry that claims an absurd
 * compression ratio is refused outright.
 */

/** deflate cannot do much better than ~1030:1; real packages stay far below */
const MAX_RATIO = 1000
/** small entries (a media map of zeros, an empty SQLite page) may compress absurdly well */
const RATIO_MIN_BYTES = 1024 * 1024

export class ByteBudget {
  used = 0
  constructor(public readonly max: number) {}

  take(bytes: number) {
    this.used += bytes
    if (this.used > this.max) {
      throw new ImportError('import_too_big', `the package unpacks to more than ${this.max} bytes`)
    }
  }
}

const corrupt = (message: string) => new ImportError('import_corrupt', message)

/** A zip starts with a local file header, or is an empty archive (end record only). */
async function looksLikeZip(path: string): Promise<boolean> {
  const handle = await open(path, 'r')
  try {
    const head = Buffer.alloc(4)
    const { bytesRead } = await handle.read(head, 0, 4, 0)
    return (
      bytesRead === 4 &&
      head[0] === 0x50 &&
      head[1] === 0x4b &&
      ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6))
    )
  } finally {
    await handle.close()
  }
}

export class ZipReader {
  readonly entries = new Map<string, yauzl.Entry>()

  private constructor(
    private zip: yauzl.ZipFile,
    readonly budget: ByteBudget
  ) {}

  static async open(path: string, budget: ByteBudget): Promise<ZipReader> {
    let zip: yauzl.ZipFile
    try {
      zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
        yauzl.open(
          path,
          { lazyEntries: true, autoClose: false, validateEntrySizes: true },
          (error, file) => (error ? reject(error) : resolve(file))
        )
      )
    } catch (error) {
      /* a zip cut short has lost its central directory; anything else is not a zip at all */
      if (await looksLikeZip(path)) throw corrupt(`not a readable zip: ${(error as Error).message}`)
      throw new ImportError('unsupported_format', 'not a zip file')
    }
    const reader = new ZipReader(zip, budget)
    try {
      await reader.readDirectory()
    } catch (error) {
      reader.close()
      throw error
    }
    return reader
  }

  private readDirectory(): Promise<void> {
    let declared = 0
    return new Promise<void>((resolve, reject) => {
      this.zip.on('entry', (entry: yauzl.Entry) => {
        declared += entry.uncompressedSize
        if (declared > this.budget.max) {
          return reject(
            new ImportError(
              'import_too_big',
              `the package declares more than ${this.budget.max} bytes`
            )
          )
        }
        if (
          entry.uncompressedSize > RATIO_MIN_BYTES &&
          entry.uncompressedSize > MAX_RATIO * Math.max(1, entry.compressedSize)
        ) {
          return reject(corrupt(`${entry.fileName}: compression ratio above ${MAX_RATIO}:1`))
        }
        if (!entry.fileName.endsWith('/')) this.entries.set(entry.fileName, entry)
        this.zip.readEntry()
      })
      this.zip.once('end', () => resolve())
      this.zip.once('error', (error: Error) => reject(corrupt(`zip directory: ${error.message}`)))
      this.zip.readEntry()
    })
  }

  private openStream(entry: yauzl.Entry): Promise<Readable> {
    return new Promise<Readable>((resolve, reject) =>
      this.zip.openReadStream(entry, (error, stream) =>
        error ? reject(corrupt(`${entry.fileName}: ${error.message}`)) : resolve(stream)
      )
    )
  }

  private counter(): Transform {
    const budget = this.budget
    return new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        try {
          budget.take(chunk.length)
        } catch (error) {
          return callback(error as Error)
        }
        callback(null, chunk)
      },
    })
  }

  /** Streams an entry (zstd-decompressed when asked) into a file; returns the bytes written. */
  async extract(name: string, destination: string, options: { zstd: boolean }): Promise<number> {
    const entry = this.entries.get(name)
    if (!entry) throw corrupt(`${name} missing from the package`)
    const source = await this.openStream(entry)
    let written = 0
    const tally = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        written += chunk.length
        callback(null, chunk)
      },
    })
    try {
      /* counted after decompression: what lands on disk is what the budget limits */
      if (options.zstd)
        await pipeline(
          source,
          createZstdDecompress(),
          this.counter(),
          tally,
          createWriteStream(destination)
        )
      else await pipeline(source, this.counter(), tally, createWriteStream(destination))
    } catch (error) {
      if (error instanceof ImportError) throw error
      throw corrupt(`${name}: ${(error as Error).message}`)
    }
    return written
  }

  /** Reads a small entry whole (meta, media list), still counted against the budget. */
  async read(name: string, limit: number): Promise<Buffer> {
    const entry = this.entries.get(name)
    if (!entry) throw corrupt(`${name} missing from the package`)
    if (entry.uncompressedSize > limit)
      throw new ImportError('import_too_big', `${name} is larger than ${limit} bytes`)
    const source = await this.openStream(entry)
    const chunks: Buffer[] = []
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk)
        callback()
      },
    })
    try {
      await pipeline(source, this.counter(), sink)
    } catch (error) {
      if (error instanceof ImportError) throw error
      throw corrupt(`${name}: ${(error as Error).message}`)
    }
    return Buffer.concat(chunks)
  }

  close() {
    if (this.zip.isOpen) this.zip.close()
  }
}
