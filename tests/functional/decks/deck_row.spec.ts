import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createDeckRow } from '#actions/decks/deck_row'
import { createDeck } from '#actions/decks/create_deck'
import Deck from '#models/deck'
import { makeUser, resetState } from '#tests/support/helpers'

/* the rules every new decks row follows, whoever makes it (create, duplicate, import) */
test.group('Decks row factory', (group) => {
  group.each.setup(() => resetState())

  test(
    "a root deck is its own tree's root, in its folder, with the default algorithm, active and " +
      'made manually',
    async ({ assert }) => {
      const user = await makeUser()
      const deck = await db.transaction((trx) =>
        createDeckRow({ userId: user.id, name: 'Spanish', position: 3 }, trx)
      )
      const row = await Deck.findOrFail(deck.id)
      assert.equal(row.rootDeckId, row.id)
      assert.isNull(row.parentId)
      assert.isNull(row.folderId)
      assert.equal(row.position, 3)
      assert.equal(row.state, 'active')
      assert.equal(row.source, 'manually')
      assert.equal(row.algorithmPreset, 'general')
      assert.equal(row.algorithmType, 'spacedRepetition')
      assert.deepEqual(row.algorithmSettings, {})
    }
  )

  test("a subdeck joins its parent's tree, in no folder, and takes the algorithm of its root", async ({
    assert,
  }) => {
    const user = await makeUser()
    const root = await createDeck(user, { name: 'Languages' })
    await db
      .from('decks')
      .where('id', root.id)
      .update({
        algorithm_type: 'speedLearning',
        algorithm_preset: 'exam',
        algorithm_settings: JSON.stringify({ steps: [1, 10] }),
      })
    await root.refresh()
    const [child, grandchild] = await db.transaction(async (trx) => {
      const first = await createDeckRow(
        {
          userId: user.id,
          parent: root,
          name: 'Spanish',
          position: 1,
          folderId: 99,
          source: 'imported_anki',
        },
        trx
      )
      return [
        first,
        await createDeckRow(
          { userId: user.id, parent: first, name: 'Verbs', position: 1, state: 'processing' },
          trx
        ),
      ]
    })
    for (const deck of [await Deck.findOrFail(child.id), await Deck.findOrFail(grandchild.id)]) {
      assert.equal(deck.rootDeckId, root.id)
      assert.isNull(deck.folderId)
      assert.equal(deck.algorithmType, 'speedLearning')
      assert.equal(deck.algorithmPreset, 'exam')
      assert.deepEqual(deck.algorithmSettings, { steps: [1, 10] })
    }
    assert.equal((await Deck.findOrFail(child.id)).parentId, root.id)
    assert.equal((await Deck.findOrFail(child.id)).source, 'imported_anki')
    assert.equal((await Deck.findOrFail(grandchild.id)).parentId, child.id)
    assert.equal((await Deck.findOrFail(grandchild.id)).state, 'processing')
  })

  test("a name is cut to the column's 255 characters (a split part of a long name still fits)", async ({
    assert,
  }) => {
    const user = await makeUser()
    const long = 'x'.repeat(255)
    const part = await db.transaction(async (trx) => {
      const base = await createDeckRow({ userId: user.id, name: long, position: 1 }, trx)
      return createDeckRow({ userId: user.id, parent: base, name: `${long} (2)`, position: 1 }, trx)
    })
    assert.equal((await Deck.findOrFail(part.id)).name, long)
  })

  test('a font setting given is kept, none given leaves the default', async ({ assert }) => {
    const user = await makeUser()
    const fontSettings = { phone: { size: 24, alignment: 'left' as const } }
    const [styled, plain] = await db.transaction(async (trx) => [
      await createDeckRow({ userId: user.id, name: 'Styled', position: 1, fontSettings }, trx),
      await createDeckRow({ userId: user.id, name: 'Plain', position: 2 }, trx),
    ])
    assert.deepEqual((await Deck.findOrFail(styled.id)).fontSettings, fontSettings)
    assert.deepEqual((await Deck.findOrFail(plain.id)).fontSettings, {})
  })
})
