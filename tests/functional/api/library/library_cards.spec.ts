import { test } from '@japa/runner'
import { resetState } from '#tests/support/helpers'
import { createNote, signIn, templateIds } from '#tests/support/content'
import {
  approve,
  deckWithCards,
  moderator,
  publish,
} from '#tests/functional/api/publishing/support'

/*
 * GET library_decks/{id}/cards answers cards, not notes: a cloze note with
 * c1, c2 and c3 is three cards, and offset, limit and total count cards.
 */
test.group("API library: a deck's cards", (group) => {
  group.each.setup(() => resetState())

  test('a cloze note is three cards; pages and total count cards', async ({ client, assert }) => {
    const author = await signIn()
    const admin = await moderator()
    const { deck } = await deckWithCards(client, author.token, 'Verbs', 19)
    const ids = await templateIds(client, author.token)
    await createNote(client, author.token, {
      deck_id: deck.id,
      template_id: ids.cloze,
      fields: { Text: '{{c1::Ser}}, {{c2::estar}} and {{c3::haber}}' },
    })
    const revision = await publish(client, author.token, deck.id, 'Spanish verbs')
    await approve(client, admin.token, revision.id)

    const all = await client
      .get(`/api/library_decks/${revision.publicDeckId}/cards`)
      .qs({ limit: 100 })
    all.assertStatus(200)
    assert.equal(all.body().total, 22)
    assert.lengthOf(all.body().cards, 22)
    const cloze = all.body().cards.filter((card: any) => card.label?.type === 'cloze')
    assert.deepEqual(
      cloze.map((card: any) => card.label.index),
      [1, 2, 3]
    )
    assert.lengthOf(new Set(cloze.map((card: any) => card.noteId)), 1)
    assert.lengthOf(
      new Set(all.body().cards.map((card: any) => card.id)),
      22,
      'each card its own id'
    )

    const paged = []
    for (let offset = 0; offset < 22; offset += 5) {
      const page = await client
        .get(`/api/library_decks/${revision.publicDeckId}/cards`)
        .qs({ limit: 5, offset })
      page.assertStatus(200)
      assert.equal(page.body().total, 22)
      paged.push(...page.body().cards)
    }
    assert.deepEqual(
      paged.map((card: any) => card.id),
      all.body().cards.map((card: any) => card.id)
    )
  }).timeout(60_000)
})
