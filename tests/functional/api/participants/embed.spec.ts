import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { resetState } from '#tests/support/helpers'
import { basicNote, mediaPath, pngBytes, signIn } from '#tests/support/content'
import { WebSession } from '#tests/support/web_session'
import { enableSharing, sharedDeck } from './support.js'

async function picture(client: ApiClient, token: string, deckId: number) {
  const response = await client
    .post('/api/card_attachments')
    .bearerToken(token)
    .field('deck_id', String(deckId))
    .file('file', pngBytes(), { filename: 'p.png' })
  response.assertStatus(200)
  return mediaPath(response.body().url)
}

test.group('API participant: embed', (group) => {
  group.each.setup(() => resetState())

  test(
    'GET decks/{id}/embed: the owner gets the snippet while sharing is on; 422 when off; a participant 403, ' +
      'a stranger 404',
    async ({ client, assert }) => {
      const { deck, sub, owner, participant } = await sharedDeck(client, 1, 'editor')
      const off = await client.get(`/api/decks/${deck.id}/embed`).bearerToken(owner.token)
      off.assertStatus(422)
      assert.equal(off.body().code, 'E_EMBED_NEEDS_SHARING')
      const token = await enableSharing(deck)
      const on = await client.get(`/api/decks/${deck.id}/embed`).bearerToken(owner.token)
      on.assertStatus(200)
      assert.match(on.body().url, new RegExp(`/embed/${token}$`))
      assert.equal(
        on.body().embedSnippet,
        `<iframe src="${on.body().url}" title="Shared biology" width="100%" height="480" style="border:0" ` +
          `loading="lazy"></iframe>`
      )
      ;(await client.get(`/api/decks/${sub.id}/embed`).bearerToken(owner.token)).assertStatus(422)
      ;(
        await client.get(`/api/decks/${deck.id}/embed`).bearerToken(participant.token)
      ).assertStatus(403)
      ;(
        await client.get(`/api/decks/${deck.id}/embed`).bearerToken((await signIn()).token)
      ).assertStatus(404)
    }
  )

  test('the embed page names its pictures with the sharing token, served to anyone only while sharing is on', async ({
    client,
    assert,
  }) => {
    const { deck, owner } = await sharedDeck(client, 0)
    const url = await picture(client, owner.token, deck.id)
    await basicNote(client, owner.token, deck.id, `<img src="${url}">`, 'picture')
    const token = (await enableSharing(deck))!
    const page = await client.get(`/embed/${token}`).header('accept', 'text/html')
    page.assertStatus(200)
    const props = WebSession.page(page.text()).props
    assert.include(props.cards[0].front, `${url}?embed=${token}`)
    ;(await client.get(`${url}?embed=${token}`)).assertStatus(200)
    ;(await client.get(url)).assertStatus(404)
    ;(await client.get(`${url}?embed=wrongtoken`)).assertStatus(404)
    /* another deck's picture is not reachable with this token */
    const elsewhere = await sharedDeck(client, 0)
    const foreign = await picture(client, elsewhere.owner.token, elsewhere.deck.id)
    await basicNote(
      client,
      elsewhere.owner.token,
      elsewhere.deck.id,
      `<img src="${foreign}">`,
      'foreign'
    )
    ;(await client.get(`${foreign}?embed=${token}`)).assertStatus(404)
    await enableSharing(deck, null)
    ;(await client.get(`${url}?embed=${token}`)).assertStatus(404)
  })
})
