import type { I18n } from '@adonisjs/i18n'
import { BaseTransformer } from '@adonisjs/core/transformers'
import type DeckImport from '#models/deck_import'
import type { ImportProgress } from '#queries/imports/import_progress'
import { TEXT_IMPORT_MAX_ROWS } from '#importers/limits'

/* the values a failed import's message may name: a text file's row caps by plan */
const ERROR_VALUES = { free: TEXT_IMPORT_MAX_ROWS.free, premium: TEXT_IMPORT_MAX_ROWS.premium }

/** What the upload dialog's variant adds: the deck's counters, and the reader's language for a failure. */
export type ImportDialog = { progress: ImportProgress; i18n: I18n }

/** Imports for both doors: the API's entity, and the upload dialog's. */
export default class ImportTransformer extends BaseTransformer<DeckImport> {
  constructor(
    record: DeckImport,
    protected dialog: ImportDialog | null = null
  ) {
    super(record)
  }

  /** The entity the apps and the upload dialog poll (GET deck_imports/{id}). */
  toObject() {
    const record = this.resource
    return {
      id: record.id,
      deckId: record.deckId,
      /* the spec's import status: the decks the import made, once it is done (created_decks.ts) */
      ids: (record.$extras.deckIds as number[] | undefined) ?? [],
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
  forDialog() {
    const { progress, i18n } = this.dialog!
    const key = this.resource.errorKey ? `errors.${this.resource.errorKey}` : null
    const body = key && i18n.hasMessage(`${key}.body`) ? i18n.t(`${key}.body`, ERROR_VALUES) : null
    return {
      ...this.toObject(),
      progress,
      error: key ? { title: i18n.t(`${key}.title`, ERROR_VALUES), body } : null,
    }
  }
}
