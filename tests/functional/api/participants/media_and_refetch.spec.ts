import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { resetState, tokenFor } from '#tests/support/helpers'
import { basicNote, createDeck, mediaPath, pngBytes, signIn } from '#tests/support/content'
import { share, sharedDeck } from './support.js'

async function picture(client: ApiClient, token: string, deckId: number, name: string) {
  const response = await client
    .post('/api/card_attachments')
    .bearerToken(token)
    .field('deck_id', String(deckId))
    .file('file', pngBytes(), { filename: name })
  response.assertStatus(200)
  return mediaPath(response.body().url)
}

test.group('API participant: media of a shared deck', (group) => {
  group.each.setup(() => resetState())

  test(
    "a participant is served the pictures of the shared deck, not the owner's others; strangers and leavers " +
      'are refused',
    async ({ client, assert }) => {
      const { deck, sub, owner, participant } = await sharedDeck(client, 1)
      const shown = await picture(client, owner.token, deck.id, 'heart.png')
      await basicNote(client, owner.token, sub.id, `<img src="${shown}">`, 'heart')
      const uploadedOnly = await picture(client, owner.token, deck.id, 'lung.png')
      const privateDeck = await createDeck(client, owner.token, { name: 'Private' })
      const privatePicture = await picture(client, owner.token, privateDeck.id, 'diary.png')
      await basicNote(client, owner.token, privateDeck.id, `<img src="${privatePicture}">`, 'diary')

      ;(await client.get(shown).bearerToken(participant.token)).assertStatus(200)
      ;(await client.get(uploadedOnly).bearerToken(participant.token)).assertStatus(200)
      ;(await client.get(privatePicture).bearerToken(participant.token)).assertStatus(404)
      ;(await client.get(shown).bearerToken(owner.token)).assertStatus(200)

      const stranger = await signIn()
      ;(await client.get(shown).bearerToken(stranger.token)).assertStatus(404)
      ;(await client.get(shown)).assertStatus(404)

      ;(
        await client
          .delete(`/api/decks/${deck.id}/remove_shared_deck`)
          .bearerToken(participant.token)
      ).assertStatus(204)
      ;(await client.get(shown).bearerToken(participant.token)).assertStatus(404)
      assert.equal(Number((await db.from('media').count('* as n').first()).n), 3)
    }
  )

  test("an editor's upload in the shared deck is served to the owner and the other participants", async ({
    client,
  }) => {
    const { deck, owner, participant } = await sharedDeck(client, 0)
    const editor = await signIn()
    await share(deck, editor.user, 'editor')
    const url = await picture(client, editor.token, deck.id, 'editor.png')
    await basicNote(client, editor.token, deck.id, `<img src="${url}">`, 'by the editor')
    ;(await client.get(url).bearerToken(owner.token)).assertStatus(200)
    ;(await client.get(url).bearerToken(participant.token)).assertStatus(200)
    ;(await client.get(url).bearerToken((await signIn()).token)).assertStatus(404)
  })
})

test.group('API participant: refetch_deck_ids', (group) => {
  group.each.setup(() => resetState())

  test('a client is told once which of its shared decks another changed (notes, subdecks)', async ({
    client,
    assert,
  }) => {
    const { deck, owner, participant } = await sharedDeck(client, 1)
    const editor = await signIn()
    await share(deck, editor.user, 'editor')
    const ownerPhone = await tokenFor(owner.user)
    const other = await createDeck(client, participant.token, { name: 'Own deck' })

    /* nothing changed since these tokens were made */
    assert.isUndefined(
      (await client.get('/api/decks').bearerToken(participant.token)).header('refetch_deck_ids')
    )

    await basicNote(client, editor.token, deck.id, 'new', 'note')
    const told = await client.get('/api/users/me').bearerToken(participant.token)
    assert.equal(told.header('refetch_deck_ids'), String(deck.id))
    assert.isUndefined(
      (await client.get('/api/users/me').bearerToken(participant.token)).header('refetch_deck_ids')
    )
    /* the owner's other device is told too */
    assert.equal(
      (await client.get('/api/users/me').bearerToken(ownerPhone)).header('refetch_deck_ids'),
      String(deck.id)
    )

    /* a subdeck made by the owner; a change to the participant's own deck is not news to anyone else */
    await basicNote(client, participant.token, other.id, 'mine', 'only')
    await createDeck(client, owner.token, { name: 'Tissues', parent_id: deck.id })
    assert.equal(
      (await client.get('/api/users/me').bearerToken(participant.token)).header('refetch_deck_ids'),
      String(deck.id)
    )

    /* an editor's edit and deletion of a note */
    const note = await basicNote(client, owner.token, deck.id, 'to edit', 'x')
    assert.equal(
      (await client.get('/api/users/me').bearerToken(participant.token)).header('refetch_deck_ids'),
      String(deck.id)
    )
    ;(
      await client
        .put(`/api/notes/${note.id}`)
        .bearerToken(editor.token)
        .json({ note: { fields: { Front: 'edited', Back: 'x' } } })
    ).assertStatus(200)
    assert.equal(
      (await client.get('/api/users/me').bearerToken(participant.token)).header('refetch_deck_ids'),
      String(deck.id)
    )
    ;(
      await client
        .delete('/api/notes/bulk_destroy')
        .bearerToken(editor.token)
        .json({ deck_id: deck.id, ids: [note.id] })
    ).assertStatus(200)
    assert.equal(
      (await client.get('/api/users/me').bearerToken(participant.token)).header('refetch_deck_ids'),
      String(deck.id)
    )
    assert.isUndefined(
      (await client.get('/api/users/me').bearerToken(participant.token)).header('refetch_deck_ids')
    )

    /* a stranger's token is never told about it */
    const stranger = await signIn()
    await basicNote(client, owner.token, deck.id, 'more', 'notes')
    assert.isUndefined(
      (await client.get('/api/users/me').bearerToken(stranger.token)).header('refetch_deck_ids')
    )
  })

  test('users in no shared deck are never marked, and their decks never get a change row', async ({
    client,
    assert,
  }) => {
    const loner = await signIn()
    const deck = await createDeck(client, loner.token, { name: 'Alone' })
    await basicNote(client, loner.token, deck.id, 'q', 'a')
    await createDeck(client, loner.token, { name: 'Sub', parent_id: deck.id })
    const response = await client.get('/api/decks').bearerToken(loner.token)
    assert.isUndefined(response.header('refetch_deck_ids'))
    assert.isFalse((await db.from('users').where('id', loner.user.id).first()).in_shared_decks)
    assert.equal(Number((await db.from('shared_deck_changes').count('* as n').first()).n), 0)
    const token = await db.from('auth_access_tokens').where('tokenable_id', loner.user.id).first()
    assert.isNull(token.refetch_seen_at)
  })
})
