import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { resetState } from '#tests/support/helpers'
import { countStored } from '#tests/support/stored_files'
import { signedIn } from '#tests/support/web_session'
import { tokenFor } from '#tests/support/helpers'
import { basicNote, createDeck, mediaPath, pngBytes, signIn } from '#tests/support/content'

/*
 * Deleting a deck removes the media only it used, at once: the rows with
 * the deck's, the files once that is committed. A picture a note elsewhere
 * still shows stays (a note copied into another deck names the same file).
 */

async function picture(client: ApiClient, token: string, deckId: number, name: string) {
  const response = await client
    .post('/api/card_attachments')
    .bearerToken(token)
    .field('deck_id', String(deckId))
    .file('file', pngBytes(), { filename: name })
  response.assertStatus(200)
  const url = mediaPath(response.body().url)
  return { url, key: url.slice('/media/'.length), file: url.slice(1) }
}

const mediaRows = async (keys: string[]) =>
  (await db.from('media').whereIn('key', keys).select('key')).map((row) => row.key as string).sort()

test.group('Deleting a deck removes its media', (group) => {
  group.each.setup(() => resetState())

  test('DELETE decks/{id}: the pictures only its notes showed are gone at once, one another deck shows stays', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const anatomy = await createDeck(client, token, { name: 'Anatomy' })
    const bones = await createDeck(client, token, { name: 'Bones', parent_id: anatomy.id })
    const review = await createDeck(client, token, { name: 'Review' })
    const heart = await picture(client, token, anatomy.id, 'heart.png')
    const lung = await picture(client, token, anatomy.id, 'lung.png')
    const femur = await picture(client, token, anatomy.id, 'femur.png')
    await basicNote(client, token, anatomy.id, `<img src="${heart.url}">`, 'heart')
    await basicNote(client, token, anatomy.id, `<img src="${lung.url}">`, 'lung')
    await basicNote(client, token, bones.id, 'femur', `<img src="${femur.url}">`)
    /* the heart also shows in another deck */
    await basicNote(client, token, review.id, `<p>again</p><img src="${heart.url}">`, 'heart')
    assert.equal(await countStored([heart.file, lung.file, femur.file]), 3)

    ;(await client.delete(`/api/decks/${anatomy.id}`).bearerToken(token)).assertStatus(204)

    assert.equal(
      await countStored([lung.file, femur.file]),
      0,
      'media files the deleted deck alone used'
    )
    assert.deepEqual(await mediaRows([heart.key, lung.key, femur.key]), [heart.key])
    assert.equal(await countStored([heart.file]), 1)
    ;(await client.get(heart.url).bearerToken(token)).assertStatus(200)
  })

  test('deleting a subdeck on the web removes the pictures of its notes, not those of the rest of the tree', async ({
    client,
    assert,
  }) => {
    const { user, web } = await signedIn()
    const token = await tokenFor(user)
    const anatomy = await createDeck(client, token, { name: 'Anatomy' })
    const bones = await createDeck(client, token, { name: 'Bones', parent_id: anatomy.id })
    const heart = await picture(client, token, anatomy.id, 'heart.png')
    const femur = await picture(client, token, anatomy.id, 'femur.png')
    await basicNote(client, token, anatomy.id, `<img src="${heart.url}">`, 'heart')
    await basicNote(client, token, bones.id, `<img src="${femur.url}">`, 'femur')

    await web.get(`/decks/${anatomy.id}`)
    const deleted = await web.delete(`/decks/${bones.id}`)
    assert.equal(deleted.status, 302)
    assert.isNull(await db.from('decks').where('id', bones.id).first())

    assert.equal(await countStored([femur.file]), 0)
    assert.deepEqual(await mediaRows([heart.key, femur.key]), [heart.key])
    assert.equal(await countStored([heart.file]), 1)
  })
})
