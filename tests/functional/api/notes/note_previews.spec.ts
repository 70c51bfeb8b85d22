import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetState } from '#tests/support/helpers'
import { createDeck, createNote, listNotes, signIn, templateIds } from '#tests/support/content'
import { solidPng } from '#tests/support/images'

/*
 * A note whose front is only a picture (an image occlusion without a header)
 * still has a preview a list can show: its first text, else the note type's
 * name as GET decks gives it, never an empty string.
 */

const IMAGE = `<img src="data:image/png;base64,${solidPng(4, 4).toString('base64')}">`
const MASKS = {
  Image: {
    hideAll: true,
    masks: [{ id: 'a', group: 1, x: 0.1, y: 0.1, width: 0.2, height: 0.1, angle: 0 }],
  },
}

test.group('API notes: previews of picture notes', (group) => {
  group.each.setup(() => resetState())

  test('an occlusion without a header is previewed by its type, one with a header by the header', async ({
    client,
    assert,
  }) => {
    /* image occlusion is premium */
    const { user, token } = await signIn()
    await db.from('users').where('id', user.id).update({ is_premium: true })
    const ids = await templateIds(client, token)
    const deck = await createDeck(client, token, { name: 'Anatomy' })
    const bare = await createNote(client, token, {
      deck_id: deck.id,
      template_id: ids.image_occlusion,
      fields: { Image: IMAGE },
      field_attachments_map: MASKS,
    })
    const headed = await createNote(client, token, {
      deck_id: deck.id,
      template_id: ids.image_occlusion,
      fields: { Image: IMAGE, Header: 'The heart' },
      field_attachments_map: MASKS,
    })
    const title = (await client.get('/api/decks').bearerToken(token))
      .body()
      .templates.find((template: any) => template.id === ids.image_occlusion).title
    assert.equal(title, 'Image Occlusion')

    assert.equal(bare.front.preview, title)
    assert.equal(headed.front.preview, 'The heart')
    const listed = await listNotes(client, token, { deck_id: deck.id })
    const byId = new Map(listed.notes.map((note: any) => [note.id, note]))
    assert.equal((byId.get(bare.id) as any).front.preview, title)
    assert.equal((byId.get(headed.id) as any).front.preview, 'The heart')
  })
})
