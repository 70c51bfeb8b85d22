import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetState } from '#tests/support/helpers'
import { createDeck, signIn } from '#tests/support/content'

/* Decks and folders created at once each get a position of their own among their siblings. */
test.group('Positions under parallel creation', (group) => {
  group.each.setup(() => resetState())

  test('40 decks created at once get 40 distinct positions', async ({ client, assert }) => {
    const { token } = await signIn()
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        client
          .post('/api/decks')
          .bearerToken(token)
          .json({
            deck: { name: `Deck ${index}`, parent_id: null, folder_id: null, source: 'manually' },
          })
      )
    )
    for (const answer of answers) assert.equal(answer.status(), 201, answer.text().slice(0, 300))
    const positions = answers.map((answer) => answer.body().position as number)
    assert.lengthOf(new Set(positions), 40)
    const stored = await db.from('decks').whereNull('parent_id').select('position')
    assert.lengthOf(new Set(stored.map((row) => row.position)), 40)
  })

  test('40 subdecks created at once under one deck get 40 distinct positions', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const parent = await createDeck(client, token, { name: 'Parent' })
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        client
          .post('/api/decks')
          .bearerToken(token)
          .json({
            deck: {
              name: `Sub ${index}`,
              parent_id: parent.id,
              folder_id: null,
              source: 'manually',
            },
          })
      )
    )
    for (const answer of answers) assert.equal(answer.status(), 201, answer.text().slice(0, 300))
    const stored = await db.from('decks').where('parent_id', parent.id).select('position')
    assert.lengthOf(new Set(stored.map((row) => row.position)), 40)
  })

  test('40 folders created at once get 40 distinct positions', async ({ client, assert }) => {
    const { token } = await signIn()
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        client
          .post('/api/folders')
          .bearerToken(token)
          .json({ name: `Folder ${index}` })
      )
    )
    for (const answer of answers) assert.equal(answer.status(), 201, answer.text().slice(0, 300))
    const stored = await db.from('folders').select('position')
    assert.lengthOf(new Set(stored.map((row) => row.position)), 40)
  })
})
