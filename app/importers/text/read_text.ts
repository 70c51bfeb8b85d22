import { stat } from 'node:fs/promises'
import { ImportError, type BundleCard, type BundleNote } from '#importers/bundle'
import type { BundleSource, NoteBatch } from '#importers/bundle_source'
import { problemWarnings, textNoteMaker, type Warning } from '#importers/text/bundle'
import {
  columnsOf,
  expectedCount,
  rolesOf,
  rowsOf,
  separatorsOf,
  tallyCounts,
  type Layout,
  type TextImportOptions,
  type TextProblem,
  type TextRow,
} from '#importers/text/parse_text'
import { readHeader, type TextHeader } from '#importers/text/header'
import { lineStarts, usedCount, type RawRecord, type RecordSep } from '#importers/text/tokenise'
import { openTextFile, readSample, recordBatches, type TextFile } from '#importers/text/text_stream'
import { TEXT_IMPORT_MAX_BYTES, TEXT_IMPORT_MAX_MB } from '#importers/limits'

/*
 * A text import (CSV, TSV, TXT, Quizlet) read as a stream, as the Anki reader
 * reads its collection: the import holds a batch of notes whatever the
 * file's size. The rules are parse_text.ts's and bundle.ts's, and the notes
 * the same as parseTextImport + textToBundle give for the whole text
 * (tests/unit/importers/text/read_text.spec.ts); the file is read a few
 * times instead of held:
 *  1. the encoding (UTF-8 to the end, or Windows-1252), and a sample of the
 *     beginning for the header and the separators;
 *  2. the records: how many (past the plan's row cap the import is refused
 *     here, before anything is written), their field counts (the expected
 *     count), the column row;
 *  3. the rows: the notes' count (the progress total), the decks and note
 *     types they use, the rows refused, and the refusals of the whole file
 *     (no card, mixed separators);
 *  4. the notes, in batches, as the import job writes them.
 */

export interface TextReadOptions extends TextImportOptions {
  /** the most rows the learner's plan takes in one file (TEXT_IMPORT_MAX_ROWS) */
  maxRows?: number
  /** the size of a read (tests) */
  chunkBytes?: number
}

interface Plan {
  file: TextFile
  bodyStart: number
  fs: string
  rs: RecordSep
  header: TextHeader
  layout: Layout
  /** Mnemo's own CSV: the first record names the columns */
  skipFirst: boolean
  guessed: boolean
}

/** The file opened for the import job: refused at once when it cannot be imported. */
export async function openTextImport(
  path: string,
  format: 'csv' | 'text',
  deckName: string,
  options: TextReadOptions = {}
): Promise<BundleSource> {
  const { size } = await stat(path)
  if (!size) throw new ImportError('import_empty', 'the file is empty')
  if (size > TEXT_IMPORT_MAX_BYTES)
    throw new ImportError('import_too_big', `text file over ${TEXT_IMPORT_MAX_MB} MB`)
  const plan = await planOf(await openTextFile(path, options.chunkBytes), options)
  const checked = await checkRows(plan, deckName)
  const warnings: Warning[] = []
  return {
    format,
    noteTypes: checked.noteTypes,
    decks: checked.decks,
    media: [],
    noteCount: checked.noteCount,
    batches: (batchSize) => noteBatches(plan, deckName, warnings, batchSize),
    warnings: () => [
      ...(plan.file.warning ? [{ message: plan.file.warning }] : []),
      ...warnings,
      ...checked.problems.map((problem) => ({ line: problem.line, message: problem.reason })),
    ],
    close: () => {},
  }
}

/* the header, the separators, and the layout from every record's field count */
async function planOf(file: TextFile, options: TextReadOptions): Promise<Plan> {
  const sample = await readSample(file)
  const { header, columnsValue, bodyStart } = readHeader(sample)
  let separators
  try {
    separators = separatorsOf(sample, header, bodyStart, lineStarts(sample), options)
  } catch (error) {
    /* the same separator between cards and between sides, or an empty custom one */
    if (error instanceof RangeError) throw new ImportError('import_corrupt', error.message)
    throw error
  }
  const { fs, rs } = separators
  let first: RawRecord | undefined
  let count = 0
  const tally = new Map<number, number>()
  for await (const batch of recordBatches(file, bodyStart, fs, rs)) {
    const nonBlank = batch.records.filter((record) => usedCount(record.fields) > 0)
    first ??= nonBlank[0]
    count += nonBlank.length
    tallyCounts(nonBlank, tally)
  }
  const { columns, ownCsv } = columnsOf(first ? [first] : [], columnsValue, fs, header)
  if (options.maxRows !== undefined && count - (ownCsv ? 1 : 0) > options.maxRows) {
    throw new ImportError(
      'import_too_many_rows',
      `${count} rows, more than the ${options.maxRows} one import takes`
    )
  }
  const roleAt = rolesOf(header, columns)
  const layout = {
    header,
    html: options.html ?? header.html ?? false,
    ownCsv,
    expected: expectedCount(columns, tally, roleAt),
    roleAt,
  }
  const guessed = !options.cardSeparator && !options.fieldSeparator && !header.separator
  return { file, bodyStart, fs, rs, header, layout, skipFirst: ownCsv, guessed }
}

/** The rows of the file in batches as it is read; `problems` receives the records refused, in the order read. */
async function* rowBatches(plan: Plan, problems: TextProblem[]): AsyncGenerator<TextRow[]> {
  let skip = plan.skipFirst
  for await (const batch of recordBatches(plan.file, plan.bodyStart, plan.fs, plan.rs)) {
    for (const line of batch.unbalanced) problems.push({ line, reason: 'unbalanced_quote' })
    let nonBlank = batch.records.filter((record) => usedCount(record.fields) > 0)
    if (skip && nonBlank.length) {
      nonBlank = nonBlank.slice(1)
      skip = false
    }
    const rows = rowsOf(nonBlank, plan.layout, problems)
    if (rows.length) yield rows
  }
}

/*
 * every row made into its note once, kept only as counts, the decks and the note types: what must be known
 * before the first batch
 */
async function checkRows(plan: Plan, deckName: string) {
  const problems: TextProblem[] = []
  const maker = textNoteMaker(plan.header, deckName, [])
  let rows = 0
  let noteCount = 0
  for await (const batch of rowBatches(plan, problems)) {
    rows += batch.length
    for (const row of batch) if (maker.add(row)) noteCount++
  }
  problems.sort((a, b) => a.line - b.line)
  if (plan.guessed && problems.length > rows) {
    throw new ImportError(
      'import_mixed_separators',
      `${problems.length} of ${problems.length + rows} lines do not split`
    )
  }
  if (!rows && !problems.length) throw new ImportError('import_empty', 'The file holds no cards')
  if (!noteCount) {
    throw new ImportError(
      'import_no_notes',
      `No card could be read: ${problemWarnings(problems)
        .map((warning) => warning.message)
        .join('; ')}`
    )
  }
  return { problems, noteCount, decks: maker.decks, noteTypes: maker.noteTypes() }
}

/* the notes again, `size` at a time: the same rows give the same decks and note types as checkRows made */
async function* noteBatches(
  plan: Plan,
  deckName: string,
  warnings: Warning[],
  size: number
): AsyncGenerator<NoteBatch> {
  const maker = textNoteMaker(plan.header, deckName, warnings)
  let notes: BundleNote[] = []
  let cards: BundleCard[] = []
  for await (const batch of rowBatches(plan, [])) {
    for (const row of batch) {
      const made = maker.add(row)
      if (!made) continue
      notes.push(made.note)
      cards.push(...made.cards)
      if (notes.length === size) {
        yield { notes, cards, reviews: [] }
        notes = []
        cards = []
      }
    }
  }
  if (notes.length) yield { notes, cards, reviews: [] }
}
