import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { openAnkiPackage } from '#importers/anki/read_package'
import { startImport } from '#actions/imports/start_import'
import { writeImport } from '#actions/imports/write_import'
import { deckBundle } from '#actions/exports/deck_bundle'
import { writeAnkiPackage } from '#exporters/anki/write_package'
import { removeStoredFiles } from '#services/stored_files'
import { withQueuePaused } from '#tests/support/content'

/*
 * An Anki package through Mnemo as a learner takes it: imported by the
 * import's writer (the job's work, without the queue), then the deck
 * exported as the export job writes it, both in the learner's time zone.
 */

/** Files the round trips stored on the drive and wrote in tmp: removed by `cleanUp`. */
export class RoundTrip {
  #storedKeys: string[] = []
  #dirs: string[] = []

  async scratch() {
    const dir = await mkdtemp(join(tmpdir(), 'anki-round-trip-'))
    this.#dirs.push(dir)
    return dir
  }

  /** Imports the package into a new deck named `deckName` (as the file's name makes it): its id and warnings. */
  async importPackage(user: User, path: string, deckName: string, format: 'apkg' | 'colpkg') {
    const key = `imports/round-trip-${Math.random().toString(36).slice(2)}.${format}`
    await drive.use().put(key, 'x')
    this.#storedKeys.push(key)
    const record = await withQueuePaused(() =>
      startImport(user, { fileName: `${deckName}.${format}`, format, size: 1, storageKey: key })
    )
    const running = { id: record.id, attempt: 1, deckId: record.deckId!, storageKey: key }
    const source = await openAnkiPackage(path, join(await this.scratch(), 'media'), {
      format,
      timezoneOffsetMinutes: user.timezoneOffset ?? 0,
    })
    try {
      await writeImport(user, { running, source, storedKeys: this.#storedKeys })
    } finally {
      source.close()
    }
    const row = await db.from('deck_imports').where('id', record.id).firstOrFail()
    return { deckId: running.deckId, warnings: (row.warnings ?? []) as { message: string }[] }
  }

  /** The deck with its progress as an .apkg, as the export job writes it; answers the file's path. */
  async exportDeck(user: User, deckId: number) {
    const dir = await this.scratch()
    const bundle = await deckBundle(user, deckId, { includeProgress: true, workDir: dir })
    const out = join(dir, 'export.apkg')
    await writeAnkiPackage(bundle, out, { timezoneOffsetMinutes: user.timezoneOffset ?? 0 })
    return out
  }

  async cleanUp() {
    await removeStoredFiles(this.#storedKeys.splice(0))
    for (const dir of this.#dirs.splice(0)) await rm(dir, { recursive: true, force: true })
  }
}
