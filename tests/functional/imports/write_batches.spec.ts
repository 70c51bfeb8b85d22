import { test } from '@japa/runner'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import type { BundleCard, BundleNote, BundleReview } from '#importers/bundle'
import type { BundleSource, NoteBatch } from '#importers/bundle_source'
import { startImport } from '#actions/imports/start_import'
import { writeImport } from '#actions/imports/write_import'
import { removeStoredFiles } from '#services/stored_files'
import { makeUser, resetState } from '#tests/support/helpers'
import { withQueuePaused } from '#tests/support/content'

/*
 * The import's writer takes the notes in batches, as a reader gives them
 * (an Anki collection is read while it is written): whatever number of
 * batches, one transaction, so a failure at any batch leaves nothing.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)

let scratch: string
const uploads: string[] = []

/* a note with one card, studied (progress, two answers) when asked */
function noteOf(index: number, studied: boolean) {
  const note: BundleNote = {
    key: `n${index}`,
    guid: `batch-guid-${index}`,
    noteTypeKey: 'basic',
    deckKey: index % 2 ? 'sub' : 'top',
    fields: {
      Front: index === 1 ? 'one <img src="pic.png">' : `front ${index}`,
      Back: `back ${index}`,
    },
    tags: ['t'],
  }
  const card: BundleCard = {
    key: `c${index}`,
    noteKey: note.key,
    ord: 0,
    deckKey: note.deckKey,
    progress: studied
      ? {
          state: 'review',
          dueAt: new Date('2030-01-01'),
          intervalDays: 3,
          ease: 2.5,
          reps: 2,
          lapses: 0,
          stability: null,
          difficulty: null,
          frozen: false,
          lastReviewedAt: new Date('2026-01-02'),
        }
      : null,
  }
  const reviews: BundleReview[] = studied
    ? [1, 2].map((day) => ({
        cardKey: card.key,
        reviewedAt: new Date(`2026-01-0${day}`),
        rating: 3 as const,
        kind: 'review' as const,
        intervalDays: day,
        lastIntervalDays: 0,
        ease: 2.5,
        durationMs: 3000,
      }))
    : []
  return { note, card, reviews }
}

function batchOf(indexes: number[]): NoteBatch {
  const made = indexes.map((index) => noteOf(index, index % 3 === 0))
  return {
    notes: made.map((one) => one.note),
    cards: made.map((one) => one.card),
    reviews: made.flatMap((one) => one.reviews),
  }
}

/* a reader's source: two decks, a picture, the given batches, then (when asked) a failure while reading on */
function sourceOf(batches: NoteBatch[], failAfter = false): BundleSource {
  return {
    format: 'apkg',
    noteTypes: [
      {
        key: 'basic',
        name: 'Basic',
        kind: 'basic',
        fields: ['Front', 'Back'],
        templates: [{ name: 'Card 1', front: '{{Front}}', back: '{{Back}}' }],
        css: '',
        isCloze: false,
      },
    ],
    decks: [
      { key: 'top', name: 'Top', parentKey: null },
      { key: 'sub', name: 'Sub', parentKey: 'top' },
    ],
    media: [{ name: 'pic.png', path: join(scratch, 'pic.png'), size: PNG.length }],
    noteCount: batches.reduce((sum, batch) => sum + batch.notes.length, 0),
    *batches() {
      yield* batches
      if (failAfter) throw new Error('the disk went away')
    },
    warnings: () => [{ message: 'a reader warning' }],
    close: () => {},
  }
}

async function importing(user: User) {
  const key = `imports/test-${Math.random().toString(36).slice(2)}.apkg`
  await drive.use().put(key, 'x')
  uploads.push(key)
  const record = await withQueuePaused(() =>
    startImport(user, { fileName: 'Batches.apkg', format: 'apkg', size: 1, storageKey: key })
  )
  return { id: record.id, attempt: 1, deckId: record.deckId!, storageKey: key }
}

const count = async (table: string, userId: number) =>
  Number((await db.from(table).where('user_id', userId).count('* as n').first()).n)

test.group('Import writer: batches', (group) => {
  group.setup(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'write-batches-'))
    await writeFile(join(scratch, 'pic.png'), PNG)
    return () => rm(scratch, { recursive: true, force: true })
  })
  group.each.setup(() => resetState())
  group.each.teardown(async () => {
    await removeStoredFiles(uploads.splice(0))
  })

  test(
    'notes in several batches: each with its cards, progress and answers; the counts of them all, the ' +
      "reader's warnings first",
    async ({ assert }) => {
      const user = await makeUser()
      const running = await importing(user)
      const storedKeys: string[] = []
      await writeImport(user, {
        running,
        source: sourceOf([batchOf([1, 2, 3]), batchOf([4, 5, 6]), batchOf([7])]),
        storedKeys,
      })
      const done = await db.from('deck_imports').where('id', running.id).first()
      assert.equal(done.status, 'done')
      assert.deepEqual(done.counts, {
        notes: 7,
        updated: 0,
        cards: 7,
        decks: 1,
        media: 1,
        reviews: 4,
        skipped: 0,
      })
      assert.deepEqual(done.warnings, [{ message: 'a reader warning' }])
      assert.deepEqual(
        [
          await count('notes', user.id),
          await count('card_progress', user.id),
          await count('review_logs', user.id),
        ],
        [7, 2, 4]
      )
      /* each answer on its own card, in the batch of its note */
      const answered = await db
        .from('review_logs')
        .join('cards', 'cards.id', 'review_logs.card_id')
        .join('notes', 'notes.id', 'cards.note_id')
        .where('review_logs.user_id', user.id)
        .select('notes.guid')
        .orderBy('notes.guid')
      assert.deepEqual(
        answered.map((row) => row.guid),
        ['batch-guid-3', 'batch-guid-3', 'batch-guid-6', 'batch-guid-6']
      )
      const first = await db
        .from('notes')
        .where('user_id', user.id)
        .where('guid', 'batch-guid-1')
        .first()
      assert.match(first.fields.Front, /^one <img src="\/media\/[0-9a-f-]+\.png" \/>$/)
      await removeStoredFiles(storedKeys)
    }
  )

  test('a failure while a later batch is read leaves nothing the earlier batches wrote', async ({
    assert,
  }) => {
    const user = await makeUser()
    const running = await importing(user)
    const storedKeys: string[] = []
    await assert.rejects(
      () =>
        writeImport(user, {
          running,
          source: sourceOf([batchOf([1, 2, 3]), batchOf([4, 5, 6])], true),
          storedKeys,
        }),
      /the disk went away/
    )
    for (const table of ['notes', 'card_progress', 'review_logs', 'media'])
      assert.equal(await count(table, user.id), 0, table)
    /* the import's own deck only (the runner removes it as the import fails): no subdeck of the package */
    assert.deepEqual(
      (await db.from('decks').where('user_id', user.id)).map((deck) => deck.id),
      [running.deckId]
    )
    assert.equal((await db.from('deck_imports').where('id', running.id).first()).status, 'queued')
    /* the picture stored on the way is the runner's to remove */
    assert.lengthOf(storedKeys, 1)
    await removeStoredFiles(storedKeys)
  })

  test('a note the learner already had is updated in place, whichever batch it comes in', async ({
    assert,
  }) => {
    const user = await makeUser()
    await writeImport(user, {
      running: await importing(user),
      source: sourceOf([batchOf([1, 2]), batchOf([3])]),
      storedKeys: [],
    })
    const again = await importing(user)
    await writeImport(user, {
      running: again,
      source: sourceOf([batchOf([3, 8]), batchOf([9, 1])]),
      storedKeys: [],
    })
    const done = await db.from('deck_imports').where('id', again.id).first()
    assert.include(done.counts, { notes: 2, updated: 2, cards: 2 })
    assert.equal(await count('notes', user.id), 5)
  })
})
