import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import { resetState } from '#tests/support/helpers'
import { readOfc } from '#importers/ofc/read_ofc'
import { readAnkiPackage } from '#importers/anki/read_package'
import type { ImportBundle } from '#importers/bundle'
import {
  bigPngBytes,
  createDeck,
  createNote,
  mediaPath,
  pngBytes,
  setProgress,
  signIn,
  templateIds,
  type Session,
} from '#tests/support/content'
import {
  download,
  exportMail,
  parseCsv,
  requestExport,
  waitForExport,
  withFile,
} from './support.js'

/*
 * Each format end to end: POST deck_exports, the real worker writes the file
 * and sends the mail, the mailed link downloads it, and the file read back
 * (CSV parsed; .ofc and .apkg through the product's own readers) holds the deck.
 */

async function upload(
  client: ApiClient,
  token: string,
  deckId: number,
  bytes: Buffer,
  filename: string
) {
  const response = await client
    .post('/api/card_attachments')
    .bearerToken(token)
    .field('deck_id', String(deckId))
    .file('file', bytes, { filename })
  if (response.status() !== 200)
    throw new Error(`upload ${filename}: ${response.status()} ${response.text()}`)
  return mediaPath(response.body().url)
}

/**
 * Biology (basic with tags and a line break, basic with its reversed card and
 * an image, type-in with its reversed card) with a subdeck Cells (cloze, and
 * a basic note whose two images were both uploaded as heart.png).
 */
async function library(client: ApiClient, { token }: Session) {
  const ids = await templateIds(client, token)
  const biology = await createDeck(client, token, { name: 'Biology' })
  const cells = await createDeck(client, token, { name: 'Cells', parent_id: biology.id })
  const heart = await upload(client, token, biology.id, pngBytes(), 'heart.png')
  const otherHeart = await upload(client, token, biology.id, bigPngBytes(2_000), 'heart.png')
  const mito = await createNote(client, token, {
    deck_id: biology.id,
    template_id: ids.basic,
    fields: { Front: 'Mitochondria', Back: 'Powerhouse<br>of the cell' },
  })
  const reversed = await createNote(client, token, {
    deck_id: biology.id,
    template_id: ids.basic,
    fields: { Front: `Heart <img src="${heart}">`, Back: 'Pumps blood' },
    reverse: true,
  })
  const typeIn = await createNote(client, token, {
    deck_id: biology.id,
    template_id: ids.type_in,
    fields: { Front: 'Red cells carry', Back: 'oxygen' },
    reverse: true,
  })
  const cloze = await createNote(client, token, {
    deck_id: cells.id,
    template_id: ids.cloze,
    fields: { 'Text': 'The {{c1::nucleus}} holds {{c2::DNA}}', 'Back Extra': '' },
  })
  const hearts = await createNote(client, token, {
    deck_id: cells.id,
    template_id: ids.basic,
    fields: { Front: `<img src="${heart}"> and <img src="${otherHeart}">`, Back: 'two hearts' },
  })
  /* tags: the notes API has no tag field yet, so they are written directly */
  await db
    .from('notes')
    .where('id', mito.id)
    .update({ tags: JSON.stringify(['bio', 'organelle']) })
  return { biology, cells, mito, reversed, typeIn, cloze, hearts, heart, otherHeart }
}

/** Requests an export, waits for the worker, and downloads the file the mail links to. */
async function exportAndDownload(
  client: ApiClient,
  session: Session,
  body: Record<string, unknown>
) {
  const response = await requestExport(client, session.token, body)
  response.assertStatus(202)
  const done = await waitForExport(client, session.token, response.body().id)
  if (done.status !== 'done') throw new Error(`export failed: ${JSON.stringify(done)}`)
  const { mail, link } = await exportMail(String(body.email ?? session.user.email))
  const file = await download(link)
  return { queued: response.body(), done, mail, link, ...file }
}

const noteWith = (bundle: ImportBundle, text: string) => {
  const note = bundle.notes.find((candidate) =>
    Object.values(candidate.fields).some((html) => html.includes(text))
  )
  if (!note) throw new Error(`no note with "${text}"`)
  return note
}
const cardsOf = (bundle: ImportBundle, noteKey: string) =>
  bundle.cards.filter((card) => card.noteKey === noteKey)
const typeOf = (bundle: ImportBundle, noteKey: string) => {
  const note = bundle.notes.find((candidate) => candidate.key === noteKey)!
  return bundle.noteTypes.find((type) => type.key === note.noteTypeKey)!
}

/* direct writes: answering through the learning API would do the same, with more steps */
async function studied(userId: number, noteId: number) {
  const dueAt = new Date('2031-05-01T08:00:00Z')
  await setProgress(userId, noteId, { state: 'review', dueAt })
  const card = await db.from('cards').where('note_id', noteId).orderBy('ord').firstOrFail()
  await db
    .from('card_progress')
    .where({ user_id: userId, card_id: card.id })
    .update({ interval_days: 12, ease_permille: 2350, reps: 4, lapses: 1 })
  await db.table('review_logs').insert({
    user_id: userId,
    card_id: card.id,
    deck_id: card.deck_id,
    answer: 'good',
    rating: 3,
    kind: 'review',
    state_before: 'review',
    interval_before: 5,
    interval_after: 12,
    ease_after: 2350,
    reviewed_at: new Date('2031-04-19T08:00:00Z'),
    study_day: '2031-04-19',
    duration_ms: 4200,
    source: 'session',
  })
  return { card, dueAt }
}

test.group('Exports: formats', (group) => {
  group.each.setup(() => resetState())
  group.each.timeout(60_000)

  test('CSV: the mailed link downloads one row per note of the deck and its subdecks, as plain text', async ({
    client,
    assert,
  }) => {
    const session = await signIn({ email: 'ana@example.test' })
    const { biology } = await library(client, session)
    const { queued, done, mail, response, bytes } = await exportAndDownload(client, session, {
      deck_id: biology.id,
      email: 'ana@example.test',
      include_progress: false,
      format: 'csv',
    })

    assert.containsSubset(queued, { status: 'queued', format: 'csv', deckName: 'Biology' })
    assert.equal(done.format, 'csv')
    assert.include(mail.subject, 'Biology')
    assert.deepEqual(mail.to, ['ana@example.test'])
    assert.equal(response.status, 200)
    assert.equal(response.headers.get('content-type'), 'text/csv; charset=utf-8')
    assert.match(
      response.headers.get('content-disposition') ?? '',
      /^attachment; filename="Biology\.csv"/
    )
    assert.equal(Number(response.headers.get('content-length')), bytes.length)
    assert.equal(done.size, bytes.length)

    const rows = parseCsv(bytes.toString('utf8'))
    assert.deepEqual(rows, [
      ['front', 'back', 'tags'],
      ['Mitochondria', 'Powerhouse\nof the cell', 'bio organelle'],
      ['Heart', 'Pumps blood', ''],
      ['Red cells carry', 'oxygen', ''],
      ['The nucleus holds DNA', '', ''],
      ['and', 'two hearts', ''],
    ])
  })

  test('.ofc: read back, it holds the deck tree, note types, notes, cards and media under their own names', async ({
    client,
    assert,
  }) => {
    const session = await signIn({ email: 'ben@example.test' })
    const lib = await library(client, session)
    await studied(session.user.id, lib.mito.id)
    const { response, bytes } = await exportAndDownload(client, session, {
      deck_id: lib.biology.id,
      email: 'ben@example.test',
      include_progress: false,
    })
    assert.equal(response.status, 200)
    assert.equal(response.headers.get('content-type'), 'application/zip')
    assert.match(response.headers.get('content-disposition') ?? '', /filename="Biology\.ofc"/)

    await withFile(bytes, 'Biology.ofc', async (path, workDir) => {
      const bundle = await readOfc(path, workDir)
      const biology = bundle.decks.find((deck) => deck.name === 'Biology')!
      const cells = bundle.decks.find((deck) => deck.name === 'Cells')!
      assert.isNull(biology.parentKey)
      assert.equal(cells.parentKey, biology.key)
      assert.lengthOf(bundle.notes, 5)

      const mito = noteWith(bundle, 'Mitochondria')
      /* the fields as the product stored them (sanitized HTML), untouched */
      const storedMito = await db.from('notes').where('id', lib.mito.id).firstOrFail()
      assert.deepEqual(mito.fields, storedMito.fields)
      assert.equal(mito.guid, storedMito.guid)
      assert.deepEqual(mito.tags, ['bio', 'organelle'])
      assert.equal(mito.deckKey, biology.key)
      assert.equal(typeOf(bundle, mito.key).kind, 'basic')
      assert.equal(noteWith(bundle, 'nucleus').deckKey, cells.key)
      assert.deepEqual(
        cardsOf(bundle, noteWith(bundle, 'nucleus').key)
          .map((card) => card.ord)
          .sort(),
        [0, 1]
      )

      /* without include_progress nothing of the learner's travels */
      assert.isTrue(bundle.cards.every((card) => card.progress === null))
      assert.lengthOf(bundle.reviews, 0)

      /* media: original names, the second heart.png renamed, fields pointing at the names */
      assert.deepEqual(bundle.media.map((file) => file.name).sort(), ['heart-2.png', 'heart.png'])
      const stored = async (id: number) =>
        (await db.from('notes').where('id', id).firstOrFail()).fields.Front as string
      const heartFront = noteWith(bundle, 'Pumps blood').fields.Front
      assert.include(heartFront, 'src="heart.png"')
      assert.equal(heartFront, (await stored(lib.reversed.id)).replace(lib.heart, 'heart.png'))
      const heartsFront = noteWith(bundle, 'two hearts').fields.Front
      assert.notInclude(heartsFront, '/media/')
      assert.equal(
        heartsFront,
        (await stored(lib.hearts.id))
          .replace(lib.heart, 'heart.png')
          .replace(lib.otherHeart, 'heart-2.png')
      )
      const first = bundle.media.find((file) => file.name === 'heart.png')!
      const second = bundle.media.find((file) => file.name === 'heart-2.png')!
      assert.isTrue((await readFile(first.path)).equals(pngBytes()))
      assert.isTrue((await readFile(second.path)).equals(bigPngBytes(2_000)))
    })
  })

  test('.ofc: the reversed card becomes a template of its own, so Anki and the importer can hold it', async ({
    client,
    assert,
  }) => {
    const session = await signIn({ email: 'cai@example.test' })
    const lib = await library(client, session)
    const { bytes } = await exportAndDownload(client, session, {
      deck_id: lib.biology.id,
      email: 'cai@example.test',
      include_progress: false,
      format: 'ofc',
    })
    await withFile(bytes, 'Biology.ofc', async (path, workDir) => {
      const bundle = await readOfc(path, workDir)
      /* Basic + reversed card: Anki's own "Basic (and reversed card)", the reversed card its template 2 */
      const heart = noteWith(bundle, 'Pumps blood')
      const heartType = typeOf(bundle, heart.key)
      assert.equal(heartType.kind, 'reversed')
      assert.deepEqual(
        cardsOf(bundle, heart.key).map((card) => card.ord),
        [0, 1]
      )
      assert.equal(heartType.templates[1].front, '{{Back}}')

      /* type-in + reversed card: the type's own template, then the reversed one */
      const typeIn = noteWith(bundle, 'Red cells carry')
      const typeInType = typeOf(bundle, typeIn.key)
      assert.equal(typeInType.kind, 'custom')
      assert.equal(typeInType.name, 'Basic (type in the answer) (and reversed card)')
      assert.deepEqual(
        typeInType.templates.map((template) => template.front),
        ['{{Front}}\n\n{{type:Back}}', '{{Back}}']
      )
      assert.deepEqual(
        cardsOf(bundle, typeIn.key).map((card) => card.ord),
        [0, 1]
      )

      /* a note without the reversed card keeps the plain type */
      assert.equal(typeOf(bundle, noteWith(bundle, 'Mitochondria').key).kind, 'basic')
    })
  })

  test(".ofc with include_progress: the learner's progress and review history come along", async ({
    client,
    assert,
  }) => {
    const session = await signIn({ email: 'dan@example.test' })
    const lib = await library(client, session)
    const { card, dueAt } = await studied(session.user.id, lib.mito.id)
    const { bytes } = await exportAndDownload(client, session, {
      deck_id: lib.biology.id,
      email: 'dan@example.test',
      include_progress: true,
      format: 'ofc',
    })
    await withFile(bytes, 'Biology.ofc', async (path, workDir) => {
      const bundle = await readOfc(path, workDir)
      const mito = noteWith(bundle, 'Mitochondria')
      const [studiedCard] = cardsOf(bundle, mito.key)
      assert.equal(studiedCard.key, String(card.id))
      assert.containsSubset(studiedCard.progress, {
        state: 'review',
        intervalDays: 12,
        ease: 2.35,
        reps: 4,
        lapses: 1,
        frozen: false,
      })
      assert.equal(studiedCard.progress!.dueAt!.toISOString(), dueAt.toISOString())
      assert.isNull(cardsOf(bundle, noteWith(bundle, 'nucleus').key)[0].progress)
      assert.lengthOf(bundle.reviews, 1)
      assert.containsSubset(bundle.reviews[0], {
        cardKey: String(card.id),
        rating: 3,
        kind: 'review',
        intervalDays: 12,
        lastIntervalDays: 5,
        ease: 2.35,
        durationMs: 4200,
      })
      assert.equal(bundle.reviews[0].reviewedAt.toISOString(), '2031-04-19T08:00:00.000Z')
    })
  })

  test(".apkg: Anki's package, read back, holds the notes, their cards, media and (asked for) the progress", async ({
    client,
    assert,
  }) => {
    const session = await signIn({ email: 'eve@example.test' })
    const lib = await library(client, session)
    await studied(session.user.id, lib.mito.id)
    const { response, bytes } = await exportAndDownload(client, session, {
      deck_id: lib.biology.id,
      email: 'eve@example.test',
      include_progress: true,
      format: 'apkg',
    })
    assert.equal(response.status, 200)
    assert.match(response.headers.get('content-disposition') ?? '', /filename="Biology\.apkg"/)

    await withFile(bytes, 'Biology.apkg', async (path, workDir) => {
      const bundle = await readAnkiPackage(path, workDir)
      assert.lengthOf(bundle.notes, 5)
      const mito = noteWith(bundle, 'Mitochondria')
      assert.equal(
        mito.fields.Back,
        (await db.from('notes').where('id', lib.mito.id).firstOrFail()).fields.Back
      )
      assert.match(mito.fields.Back, /^Powerhouse<br ?\/?>of the cell$/)
      assert.sameMembers(mito.tags, ['bio', 'organelle'])
      /* Basic with the reversed card: Anki's "Basic (and reversed card)", read back as it was (decision 0092) */
      const heart = noteWith(bundle, 'Pumps blood')
      assert.equal(typeOf(bundle, heart.key).kind, 'basic')
      assert.isTrue(heart.reversed)
      assert.sameMembers(
        cardsOf(bundle, heart.key).map((card) => card.ord),
        [0, 100]
      )
      assert.sameMembers(
        cardsOf(bundle, noteWith(bundle, 'nucleus').key).map((card) => card.ord),
        [0, 1]
      )
      assert.sameMembers(
        bundle.media.map((file) => file.name),
        ['heart.png', 'heart-2.png']
      )
      assert.include(heart.fields.Front, 'src="heart.png"')
      const [studiedCard] = cardsOf(bundle, mito.key)
      assert.equal(studiedCard.progress?.state, 'review')
      assert.equal(studiedCard.progress?.intervalDays, 12)
      assert.isAtLeast(bundle.reviews.length, 1)
      assert.sameMembers(
        bundle.decks.map((deck) => deck.name),
        ['Biology', 'Cells']
      )
    })
  })
})
