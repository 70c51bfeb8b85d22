import { readFile } from 'node:fs/promises'
import { openAnkiPackage, readAnkiPackage } from '#importers/anki/read_package'
import { readOfc } from '#importers/ofc/read_ofc'
import { decodeTextDetailed } from '#importers/text/decode'
import { parseTextImport, type TextImportOptions } from '#importers/text/parse_text'
import { textToBundle } from '#importers/text/bundle'
import { ImportError, type BundleFormat, type ImportBundle } from '#importers/bundle'
import { bundleSource, type BundleSource } from '#importers/bundle_source'
import { openTextImport, type TextReadOptions } from '#importers/text/read_text'
import { IMPORT_MAX_BYTES, TEXT_IMPORT_MAX_BYTES, TEXT_IMPORT_MAX_MB } from '#importers/limits'

/* the spec's upload cap, and a text file's (upload_limits.ts) */
export const MAX_IMPORT_BYTES = IMPORT_MAX_BYTES

const EXTENSIONS: Record<string, BundleFormat> = {
  apkg: 'apkg',
  colpkg: 'colpkg',
  ofc: 'ofc',
  csv: 'csv',
  txt: 'text',
  tsv: 'text',
}

/** The format a file name says, or null: the spec's "unsupported file format". */
export function formatOf(fileName: string): BundleFormat | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase()
  return ext ? (EXTENSIONS[ext] ?? null) : null
}

/**
 * Opens an uploaded file for the import job, whatever its format; workDir
 * receives the media. An Anki package and a text file are read in batches
 * as they are written (their size is not held in memory; a text file's rows
 * are capped by `maxRows`); an .ofc manifest is parsed whole first.
 */
export async function openImport(
  format: BundleFormat,
  path: string,
  workDir: string,
  deckName: string,
  options: TextReadOptions & { timezoneOffsetMinutes?: number } = {}
): Promise<BundleSource> {
  /* the job keeps the upload without its extension: the format says which package it is */
  if (format === 'apkg' || format === 'colpkg')
    return openAnkiPackage(path, workDir, {
      format,
      timezoneOffsetMinutes: options.timezoneOffsetMinutes,
    })
  if (format === 'csv' || format === 'text') return openTextImport(path, format, deckName, options)
  return bundleSource(await readImport(format, path, workDir, deckName, options))
}

/**
 * Reads an uploaded file into one bundle, whatever its format; workDir receives the media (the text reader's
 * reference: the job streams text, openTextImport).
 */
export async function readImport(
  format: BundleFormat,
  path: string,
  workDir: string,
  deckName: string,
  options: TextImportOptions = {}
): Promise<ImportBundle> {
  if (format === 'apkg' || format === 'colpkg') return readAnkiPackage(path, workDir, { format })
  if (format === 'ofc') return readOfc(path, workDir)
  const bytes = await readFile(path)
  if (!bytes.length) throw new ImportError('import_empty', 'the file is empty')
  if (bytes.length > TEXT_IMPORT_MAX_BYTES)
    throw new ImportError('import_too_big', `text file over ${TEXT_IMPORT_MAX_MB} MB`)
  const decoded = decodeTextDetailed(bytes)
  let parsed
  try {
    parsed = parseTextImport(decoded.text, options)
  } catch (error) {
    /* the same separator between cards and between sides, or an empty custom one */
    if (error instanceof RangeError) throw new ImportError('import_corrupt', error.message)
    throw error
  }
  /*
   * separators guessed from a file whose lines disagree (tabs here, commas
   * there): importing the few lines that fit would be a mess, so say so
   */
  const guessed = !options.cardSeparator && !options.fieldSeparator && !parsed.header.separator
  if (guessed && parsed.problems.length > parsed.rows.length) {
    throw new ImportError(
      'import_mixed_separators',
      `${parsed.problems.length} of ${parsed.problems.length + parsed.rows.length} lines do not split`
    )
  }
  const bundle = textToBundle(parsed, {
    deckName,
    format,
    decodeWarning: decoded.warning ?? undefined,
  })
  /* the problems by line as reason keys the pages translate; the reader's other notes as they are */
  const problemLines = new Set(parsed.problems.map((problem) => problem.line))
  const others = bundle.warnings.filter(
    (warning) => warning.line === undefined || !problemLines.has(warning.line)
  )
  return {
    ...bundle,
    warnings: [
      ...others,
      ...parsed.problems.map((problem) => ({ line: problem.line, message: problem.reason })),
    ],
  }
}
