import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetState } from '#tests/support/helpers'
import { basicNote, createDeck, signIn } from '#tests/support/content'
import { importFile } from '../imports/support.js'

test.group('CSV export: formula injection', (group) => {
  group.each.setup(() => resetState())
  group.each.timeout(60_000)

  test(
    'fields a spreadsheet would run as formulas start with a single quote, inside quotes (OWASP); the rest ' +
      'is unchanged',
    async ({ client, assert }) => {
      const { token } = await signIn()
      const deck = await createDeck(client, token, { name: 'Tricky' })
      await basicNote(client, token, deck.id, '=HYPERLINK("http://evil.test","click")', '-5')
      await basicNote(client, token, deck.id, '+49 30 1234', '@SUM(A1:A9)')
      await basicNote(client, token, deck.id, 'a = b', 'x - y')

      const response = await client.get(`/api/deck_exports/csv/${deck.id}`).bearerToken(token)
      response.assertStatus(200)
      assert.equal(
        response.text(),
        'front,back,tags\r\n' +
          `"'=HYPERLINK(""http://evil.test"",""click"")","'-5",\r\n` +
          `"'+49 30 1234","'@SUM(A1:A9)",\r\n` +
          'a = b,x - y,\r\n'
      )
    }
  )

  test("importing Mnemo's own CSV export gives back the values as they were", async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Signs' })
    await basicNote(client, token, deck.id, '=1+1', '-5')
    await basicNote(client, token, deck.id, "'=quoted", '@home')
    const csv = (await client.get(`/api/deck_exports/csv/${deck.id}`).bearerToken(token)).text()

    const imported = await importFile(client, token, Buffer.from(csv), 'Signs again.csv')
    assert.equal(imported.status, 'done')
    const notes = await db
      .from('notes')
      .where('user_id', user.id)
      .whereNot('deck_id', deck.id)
      .orderBy('id')
    assert.deepEqual(
      notes.map((note) => [note.fields.Front, note.fields.Back]),
      [
        ['=1+1', '-5'],
        ["'=quoted", '@home'],
      ]
    )
  })
})
