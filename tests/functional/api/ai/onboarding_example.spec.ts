import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { resetState } from '#tests/support/helpers'
import { createOnboardingExample } from '#actions/ai/onboarding_example'
import { ONBOARDING_CARDS } from '#actions/ai/generation_limits'
import { freeTier, notesOf, signIn, waitForStream } from './support.js'
import { createFolder } from '#tests/support/content'

/* The onboarding's example deck through the generator's path: the stream runs in the worker process. */
test.group('AI onboarding example', (group) => {
  group.each.setup(() => resetState())

  test('offline: a deck of 20 cards from the bundled text, in the folder, counted against nothing', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const folderId: number = (await createFolder(client, token, { name: 'Start' })).id
    assert.isNumber(folderId)
    const { stream, deck } = await createOnboardingExample(await User.findOrFail(user.id), {
      folderId,
      topic: 'Spanish for travel',
    })
    assert.equal(deck.state, 'ai_notes_generation')
    const done = await waitForStream(client, token, stream.id)
    assert.equal(done.status, 'done', JSON.stringify(done.error))
    assert.equal(done.count, ONBOARDING_CARDS)
    assert.equal(done.deckName, 'How memory works')
    const notes = await notesOf(deck.id)
    assert.lengthOf(notes, 20)
    const fronts = notes.map((note) => String(note.fields.Front)).join(' | ')
    assert.match(fronts, /memory|recall|repetition|forgetting/i)
    const row = await db.from('decks').where('id', deck.id).first()
    assert.equal(row.state, 'active')
    assert.equal(row.source, 'created_ai_pdf')
    assert.equal(row.folder_id, folderId)
    assert.deepEqual(await freeTier(user.id), { pdf: 20, prompt: 5, cardBuilder: 5 })
  })
})
