import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { basicNote, createNote, signIn } from '#tests/support/content'
import { answer, progressRow, start } from '../learning/support.js'
import { participant, sharedDeck } from './support.js'

test.group('API sharing: studying and editing a shared deck', (group) => {
  group.each.setup(() => resetState())

  test('a viewer studies with their own progress but cannot edit a note', async ({
    client,
    assert,
  }) => {
    const { owner, deck, token } = await sharedDeck(client)
    const note = await basicNote(client, owner.token, deck.id, 'Mitochondria', 'Powerhouse')
    const viewer = await participant(client, token)
    const ownerCard = (await start(client, owner, deck.id)).cards[0]
    await answer(client, owner, deck.id, ownerCard, 'again')
    const ownerBefore = await db
      .from('card_progress')
      .where('user_id', owner.user.id)
      .orderBy('card_id')

    const session = await start(client, viewer, deck.id)
    assert.isAbove(session.cards.length, 0)
    const card = session.cards[0]
    await answer(client, viewer, deck.id, card, 'good')
    assert.equal(card.id, ownerCard.id)
    assert.isNotNull(await progressRow(viewer.user.id, card.id))
    assert.lengthOf(ownerBefore, 1)
    assert.deepEqual(
      await db.from('card_progress').where('user_id', owner.user.id).orderBy('card_id'),
      ownerBefore,
      "the owner's progress is untouched"
    )

    const edit = await client
      .put(`/api/notes/${note.id}`)
      .bearerToken(viewer.token)
      .json({ note: { fields: { Front: 'Hacked', Back: 'x' } } })
    edit.assertStatus(403)
    assertErrorBody(assert, edit.body(), 'E_FORBIDDEN')
    const added = await client
      .post('/api/notes')
      .bearerToken(viewer.token)
      .json({ note: { deck_id: deck.id, template_id: note.templateId, fields: { Front: 'new' } } })
    added.assertStatus(403)
    const stored = await db.from('notes').where('id', note.id).first()
    assert.equal(stored.fields.Front, 'Mitochondria')
  })

  test("an editor edits a note (also of the owner's custom type) and the owner sees the change", async ({
    client,
    assert,
  }) => {
    const { owner, deck, token } = await sharedDeck(client)
    const note = await basicNote(client, owner.token, deck.id, 'Mitochondria', 'Powerhouse')
    /* direct write: custom note types have no API yet */
    const [custom] = await db
      .table('note_types')
      .insert({
        user_id: owner.user.id,
        kind: 'custom',
        name: 'Owner type',
        fields: JSON.stringify([{ name: 'Front', required: true }, { name: 'Back' }]),
        templates: JSON.stringify([{ name: 'Card 1', front: '{{Front}}', back: '{{Back}}' }]),
        css: '',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
    const customId = custom.id ?? custom
    const editor = await participant(client, token, 'editor', owner)
    /* the editor's deck list offers the owner's type among its templates (a stranger's list does not) */
    const list = await client.get('/api/decks').bearerToken(editor.token)
    assert.include(
      list.body().templates.map((template: { id: number }) => template.id),
      customId
    )
    const stranger = await signIn()
    assert.notInclude(
      (await client.get('/api/decks').bearerToken(stranger.token))
        .body()
        .templates.map((template: { id: number }) => template.id),
      customId
    )

    const edit = await client
      .put(`/api/notes/${note.id}`)
      .bearerToken(editor.token)
      .json({ note: { fields: { Front: 'Mitochondrion', Back: 'Powerhouse' } } })
    edit.assertStatus(200)
    const seen = await client.get(`/api/notes/${note.id}`).bearerToken(owner.token)
    assert.equal(JSON.stringify(seen.body()).includes('Mitochondrion'), true)

    const created = await createNote(client, editor.token, {
      deck_id: deck.id,
      template_id: customId,
      fields: { Front: 'Golgi', Back: 'Packaging' },
    })
    const row = await db.from('notes').where('id', created.id).first()
    assert.equal(row.user_id, owner.user.id, 'the owner owns the notes of their deck')
    assert.equal(row.note_type_id, customId)
  })
})
