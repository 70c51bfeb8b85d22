import type { I18n } from '@adonisjs/i18n'
import type DeckImport from '#models/deck_import'
import type { ImportProgress } from '#queries/imports/import_progress'
import type { CardSeparator, FieldSeparator, ParsedText } from '#importers/text/parse_text'
import { TEXT_IMPORT_MAX_ROWS } from '#importers/limits'

/* the values a failed import's message may name: a text file's row caps by plan */
const ERROR_VALUES = { free: TEXT_IMPORT_MAX_ROWS.free, premium: TEXT_IMPORT_MAX_ROWS.premium }

const PREVIEW_ROWS = 20
const PREVIEW_PROBLEMS = 100

/* back in the form's vocabulary, so the dialog can send the detected ones with the upload */
const formValue = (separator: CardSeparator | FieldSeparator) => (typeof separator === 'string' ? separator : separator.custom)

/** The import as the upload dialog follows it. */
export type ApiImport = ReturnType<typeof ImportTransformer.forApi>

export type DialogImport = ReturnType<typeof ImportTransformer.forDialog>
/** What a text import would read, before the upload. */
export type ImportPreview = ReturnType<typeof ImportTransformer.forPreview>

/** Imports for both doors: the API's entity, the upload dialog's, and the dialog's preview of a text. */
export default class ImportTransformer {
  /** The entity the apps and the upload dialog poll (GET deck_imports/{id}). */
  static forApi(record: DeckImport) {
    return {
      id: record.id,
      deckId: record.deckId,
      fileName: record.fileName,
      format: record.format,
      size: Number(record.size),
      status: record.shownStatus,
      errorKey: record.errorKey ?? null,
      counts: record.counts,
      warnings: record.warnings,
      createdAt: record.createdAt.toISO(),
      finishedAt: record.finishedAt?.toISO() ?? null,
    }
  }

  /**
   * The API's entity, plus the deck's counters (the dialog polls every
   * second, the deck list every 3 s) and a failure's message in the
   * reader's language (pages only receive the `ui.*` messages, not `errors.*`).
   */
  static forDialog(record: DeckImport, progress: ImportProgress, i18n: I18n) {
    const key = record.errorKey ? `errors.${record.errorKey}` : null
    return {
      ...this.forApi(record),
      progress,
      error: key
        ? { title: i18n.t(`${key}.title`, ERROR_VALUES), body: i18n.hasMessage(`${key}.body`) ? i18n.t(`${key}.body`, ERROR_VALUES) : null }
        : null,
    }
  }

  /**
   * The first rows a text import would read and its problems, with the
   * separators it detected in the form's words. `chosen` says whether the
   * learner chose a separator: guessed ones most lines disagree with are
   * refused by the import (readImport's rule), so the learner has to choose.
   */
  static forPreview(parsed: ParsedText, chosen: boolean) {
    return {
      rows: parsed.rows.slice(0, PREVIEW_ROWS).map(({ line, front, back, tags, extra }) => ({ line, front, back, tags, extra })),
      total: parsed.rows.length,
      problems: parsed.problems.slice(0, PREVIEW_PROBLEMS),
      problemCount: parsed.problems.length,
      detected: { cardSeparator: formValue(parsed.detected.cardSeparator), fieldSeparator: formValue(parsed.detected.fieldSeparator) },
      mixedSeparators: !chosen && !parsed.header.separator && parsed.problems.length > parsed.rows.length,
    }
  }
}
