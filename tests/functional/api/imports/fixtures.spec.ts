import { test } from '@japa/runner'
import { readFile, readdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import db from '@adonisjs/lucid/services/db'
import { resetState } from '#tests/support/helpers'
import { writeZip } from '#tests/unit/importers/ofc/helpers'
import { signIn } from '#tests/support/content'
import { driveFiles, fixture, holdings, importFile, FIXTURES } from './support.js'
import { CardProgressFactory } from '#database/factories/card_progress_factory'

/*
 * Every real file of tests/fixtures through the whole pipeline (upload,
 * job, writer), each checked against what the file holds: the figures come
 * from reading the packages' SQLite and the text files by hand (see
 * tests/unit/importers/anki/fixtures.spec.ts for the reader's side).
 */
interface Expected {
  decks: number
  notes: number
  cards: number
  media: number
  progress: number
  reviews: number
  sample?: (userId: number, assert: any) => Promise<void>
}

const fieldsOf = async (userId: number) =>
  (await db.from('notes').where('user_id', userId).orderBy('id')).map((note) => note.fields)

const EXPECTED: Record<string, Expected> = {
  /* 8 decks under 1-TEMPLATES (Default and the 2 filtered decks are not decks), 85 images missing from the package */
  'anki/ankidroid-templates.apkg': {
    decks: 8,
    notes: 48,
    cards: 146,
    media: 0,
    /* 15 learning cards, and 109 new cards keeping the factor Anki 2.0 wrote on them (still new) */
    progress: 124,
    reviews: 102,
    sample: async (userId, assert) => {
      const root = await db.from('decks').where('user_id', userId).whereNull('parent_id').first()
      assert.equal(root.name, '1-TEMPLATES')
      const anatomy = await db
        .from('decks')
        .where('user_id', userId)
        .where('name', 'Anatomy')
        .first()
      assert.equal(
        Number((await db.from('cards').where('deck_id', anatomy.id).count('* as n').first()).n),
        95
      )
      const note = await db
        .from('notes')
        .where('user_id', userId)
        .where('guid', 'fd6;[gN5e{')
        .first()
      assert.equal(note.fields.Name, 'Coracobrachialis')
      const types = await db.from('note_types').where('user_id', userId)
      assert.lengthOf(types, 9)
    },
  },
  'anki/diffmodels2-1.apkg': { decks: 1, notes: 1, cards: 1, media: 0, progress: 0, reviews: 0 },
  'anki/diffmodels2-2.apkg': { decks: 1, notes: 1, cards: 2, media: 0, progress: 0, reviews: 0 },
  /* the package's 2 media files are used by no note: left out */
  'anki/diffmodeltemplates-1.apkg': {
    decks: 1,
    notes: 1,
    cards: 1,
    media: 0,
    progress: 0,
    reviews: 0,
  },
  'anki/diffmodeltemplates-2.apkg': {
    decks: 1,
    notes: 1,
    cards: 1,
    media: 0,
    progress: 0,
    reviews: 0,
  },
  /* a collection of note types and 31 decks (several at the top: one deck holds them), no notes */
  'anki/it-passport-templates.colpkg': {
    decks: 32,
    notes: 0,
    cards: 0,
    media: 0,
    progress: 0,
    reviews: 0,
  },
  /*
   * foo.wav is 4 bytes that are not a WAV file: refused by the bytes check, reported, the note kept; its new
   * card keeps the factor Anki 2.0 wrote on it
   */
  'anki/media.apkg': {
    decks: 1,
    notes: 1,
    cards: 1,
    media: 0,
    progress: 1,
    reviews: 0,
    sample: async (userId, assert) =>
      assert.include((await fieldsOf(userId))[0].Front, '[sound:foo.wav]'),
  },
  'anki/update1.apkg': {
    decks: 1,
    notes: 1,
    cards: 1,
    media: 0,
    progress: 0,
    reviews: 0,
    sample: async (userId, assert) =>
      assert.deepEqual(await fieldsOf(userId), [{ Front: 'hello', Back: 'world' }]),
  },
  'anki/update2.apkg': {
    decks: 1,
    notes: 1,
    cards: 1,
    media: 0,
    progress: 0,
    reviews: 0,
    sample: async (userId, assert) =>
      assert.deepEqual(await fieldsOf(userId), [{ Front: 'goodbye', Back: 'world' }]),
  },
  /* lines 2-6; 7 has too many fields, 8 and 9 no back, 10 no front (reported by line) */
  'text/text-2fields.txt': { decks: 1, notes: 5, cards: 5, media: 0, progress: 0, reviews: 0 },
  'text/text-tags.txt': { decks: 1, notes: 2, cards: 2, media: 0, progress: 0, reviews: 0 },
  'text/text-ucs2-be-bom.txt': { decks: 1, notes: 1, cards: 1, media: 0, progress: 0, reviews: 0 },
  'text/text-update.txt': { decks: 1, notes: 1, cards: 1, media: 0, progress: 0, reviews: 0 },
  'text/text-utf8-bom.txt': { decks: 1, notes: 1, cards: 1, media: 0, progress: 0, reviews: 0 },
}

test.group('API deck imports: every fixture file', (group) => {
  group.each.setup(() => resetState())

  test('the list covers every file of the fixture folders', async ({ assert }) => {
    const files = [
      ...(await readdir(join(FIXTURES, 'anki'))).map((name) => `anki/${name}`),
      ...(await readdir(join(FIXTURES, 'text'))).map((name) => `text/${name}`),
    ]
    assert.sameMembers(Object.keys(EXPECTED), files)
  })

  for (const [name, expected] of Object.entries(EXPECTED)) {
    test(name, async ({ client, assert }) => {
      const { user, token } = await signIn()
      const done = await importFile(client, token, fixture(...name.split('/')), name.split('/')[1])
      assert.equal(done.status, 'done', JSON.stringify(done))
      const { sample, ...figures } = expected
      assert.deepEqual(await holdings(user.id), figures)
      /* the decks the import made besides its own (subdecks of the package, parts of a split deck) */
      assert.equal(done.counts.decks, figures.decks - 1)
      if (sample) await sample(user.id, assert)
    })
  }
})

test.group('API deck imports: re-imports', (group) => {
  group.each.setup(() => resetState())

  test('update1 then update2: the note is updated in place, its progress kept, no duplicate', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const first = await importFile(client, token, fixture('anki', 'update1.apkg'), 'update1.apkg')
    const note = await db.from('notes').where('user_id', user.id).first()
    const card = await db.from('cards').where('note_id', note.id).first()
    await CardProgressFactory.merge({
      userId: user.id,
      cardId: card.id,
      deckId: card.deck_id,
      intervalDays: 12,
      easePermille: 2300,
      reps: 6,
    }).create()
    const second = await importFile(client, token, fixture('anki', 'update2.apkg'), 'update2.apkg')
    assert.equal(second.status, 'done')
    assert.include(second.counts, { notes: 0, updated: 1 })
    /* nothing new to hold: the second import's empty deck is gone */
    assert.isNull(second.deckId)
    assert.include(await holdings(user.id), { decks: 1, notes: 1, cards: 1, progress: 1 })
    const updated = await db.from('notes').where('id', note.id).first()
    assert.deepEqual(updated.fields, { Front: 'goodbye', Back: 'world' })
    assert.equal(updated.deck_id, first.deckId)
    const progress = await db.from('card_progress').where('card_id', card.id).first()
    assert.include(progress, { state: 'review', interval_days: 12, reps: 6 })
  })

  test('diffmodels2-1 then -2: the second template adds a card to the same note', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    await importFile(client, token, fixture('anki', 'diffmodels2-1.apkg'), 'diffmodels2-1.apkg')
    const second = await importFile(
      client,
      token,
      fixture('anki', 'diffmodels2-2.apkg'),
      'diffmodels2-2.apkg'
    )
    assert.include(second.counts, { updated: 1, notes: 0, cards: 1 })
    assert.include(await holdings(user.id), { notes: 1, cards: 2 })
  })
})

test.group('API deck imports: broken files leave no trace', (group) => {
  group.each.setup(() => resetState())

  const scratch = async () => mkdtemp(join(tmpdir(), 'broken-'))

  const cases: [string, () => Promise<{ bytes: Buffer; name: string }>, string][] = [
    [
      'a truncated zip',
      async () => {
        const bytes = await readFile(fixture('anki', 'ankidroid-templates.apkg'))
        return { bytes: bytes.subarray(0, Math.floor(bytes.length / 2)), name: 'truncated.apkg' }
      },
      'import_corrupt',
    ],
    /*
     * bytes that are no package at all (random bytes, an Anki package named .ofc) are refused at upload:
     * sniffed_uploads.spec.ts
     */
    [
      'a zip bomb',
      async () => {
        /* 64 MB of zeros in a few kB: refused on its compression ratio before anything is inflated to disk */
        const dir = await scratch()
        await writeZip(join(dir, 'bomb.apkg'), [
          { name: 'collection.anki2', data: Buffer.alloc(64 * 1024 * 1024) },
        ])
        const bytes = await readFile(join(dir, 'bomb.apkg'))
        await rm(dir, { recursive: true, force: true })
        return { bytes, name: 'bomb.apkg' }
      },
      'import_corrupt',
    ],
    [
      'an SQLite file of the wrong schema',
      async () => {
        const dir = await scratch()
        const database = new DatabaseSync(join(dir, 'collection.anki2'))
        database.exec(
          'create table something_else (id integer primary key, name text); insert into something_else (name) ' +
            "values ('x')"
        )
        database.close()
        await writeZip(join(dir, 'wrong.apkg'), [
          { name: 'collection.anki2', data: await readFile(join(dir, 'collection.anki2')) },
        ])
        const bytes = await readFile(join(dir, 'wrong.apkg'))
        await rm(dir, { recursive: true, force: true })
        return { bytes, name: 'wrong.apkg' }
      },
      'import_wrong_schema',
    ],
    [
      'a CSV with mixed separators',
      async () => ({
        bytes: Buffer.from('la casa;the house\nel perro\tthe dog\ngato,cat\nluz;light\n'),
        name: 'mixed.csv',
      }),
      'import_mixed_separators',
    ],
  ]
  for (const [label, make, key] of cases) {
    test(label, async ({ client, assert }) => {
      const { user, token } = await signIn()
      const before = { ...(await holdings(user.id)), files: await driveFiles() }
      const { bytes, name } = await make()
      const done = await importFile(client, token, bytes, name)
      assert.equal(done.status, 'failed', JSON.stringify(done))
      assert.equal(done.errorKey, key)
      assert.isNull(done.deckId)
      /* no deck, no note, no media row, no stored file, not even the upload: the import left nothing behind */
      assert.deepEqual({ ...(await holdings(user.id)), files: await driveFiles() }, before)
    })
  }
})
