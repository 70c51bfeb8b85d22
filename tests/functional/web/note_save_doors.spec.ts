import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createDeck } from '#actions/decks/create_deck'
import { createNote } from '#actions/notes/create_note'
import NoteType from '#models/note_type'
import type User from '#models/user'
import { resetState, tokenFor } from '#tests/support/helpers'
import { signedIn } from '#tests/support/web_session'

/*
 * The note save has two doors, PUT notes/{id} (the apps) and PUT /notes/:id
 * (the web editor), and one function behind them (update_note.ts): the same
 * edit through either leaves the same note.
 */

const typeId = async (kind: string) =>
  (await NoteType.query().whereNull('user_id').where('kind', kind).firstOrFail()).id

/** Two identical notes to edit, one through each door. */
async function twins(user: User, input: { reverse?: boolean; kind?: string } = {}) {
  const deck = await createDeck(user, { name: 'Words' })
  const noteTypeId = await typeId(input.kind ?? 'basic')
  const make = () =>
    createNote(user, {
      deck_id: deck.id,
      template_id: noteTypeId,
      fields: { Front: 'sun', Back: 'sol' },
      reverse: input.reverse,
    })
  return { deck, api: await make(), web: await make() }
}

/** A note as stored, and its cards, without what makes each note itself. */
async function stored(noteId: number) {
  const note = await db
    .from('notes')
    .where('id', noteId)
    .select(
      'note_type_id',
      'fields',
      'field_attachments_map',
      'is_reversed',
      'sort_text',
      'deck_id'
    )
    .first()
  const ords = (await db.from('cards').where('note_id', noteId).orderBy('ord').select('ord')).map(
    (row) => row.ord
  )
  return { ...note, ords }
}

test.group('The note save: both doors behave the same', (group) => {
  group.each.setup(() => resetState())

  test('a partial save (fields only) keeps the note type and the reversed card, through either door', async ({
    client,
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const token = await tokenFor(user)
    const { api: apiNote, web: webNote } = await twins(user, { reverse: true })
    const fields = { Front: 'moon', Back: 'luna' }

    const response = await client
      .put(`/api/notes/${apiNote.id}`)
      .bearerToken(token)
      .json({ note: { fields } })
    response.assertStatus(200)
    assert.isTrue(response.body().isReversed)
    await web.get(`/notes/${webNote.id}/edit`)
    const saved = await web.put(`/notes/${webNote.id}`, { fields })
    assert.equal(saved.status, 302)

    const [viaApi, viaWeb] = [await stored(apiNote.id), await stored(webNote.id)]
    assert.deepEqual(viaWeb, viaApi)
    assert.deepInclude(viaApi, {
      note_type_id: await typeId('basic'),
      is_reversed: true,
      fields,
      ords: [0, 100],
    })
  })

  test('a full save (what the web editor always sends) gives the same note through either door', async ({
    client,
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const token = await tokenFor(user)
    const { api: apiNote, web: webNote } = await twins(user, { reverse: true })
    const body = {
      template_id: await typeId('reversed'),
      fields: { Front: 'star', Back: 'estrella' },
      field_attachments_map: {},
      reverse: false,
    }

    ;(
      await client.put(`/api/notes/${apiNote.id}`).bearerToken(token).json({ note: body })
    ).assertStatus(200)
    await web.get(`/notes/${webNote.id}/edit`)
    assert.equal((await web.put(`/notes/${webNote.id}`, body)).status, 302)

    const [viaApi, viaWeb] = [await stored(apiNote.id), await stored(webNote.id)]
    assert.deepEqual(viaWeb, viaApi)
    assert.deepInclude(viaApi, {
      note_type_id: body.template_id,
      is_reversed: false,
      fields: body.fields,
    })
  })

  test('an edit either door refuses (a field the type lacks) changes nothing through either', async ({
    client,
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const token = await tokenFor(user)
    const { api: apiNote, web: webNote } = await twins(user)
    const before = await stored(apiNote.id)
    const fields = { Front: 'moon', Nope: 'x' }

    const response = await client
      .put(`/api/notes/${apiNote.id}`)
      .bearerToken(token)
      .json({ note: { fields } })
    response.assertStatus(422)
    assert.equal(response.body().errors[0].field, 'fields.Nope')
    await web.get(`/notes/${webNote.id}/edit`)
    const refused = await web.put(`/notes/${webNote.id}`, { fields })
    assert.equal(refused.status, 302)
    assert.deepEqual(await stored(apiNote.id), before)
    assert.deepEqual(await stored(webNote.id), before)
  })
})
