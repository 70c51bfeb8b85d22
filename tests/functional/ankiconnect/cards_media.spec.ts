import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetState } from '#tests/support/helpers'
import { pngBytes, wavBytes } from '#tests/support/content'
import { anki, connect, ok } from '#tests/functional/ankiconnect/support'

/*
 * AnkiConnect's card and media actions with its README's requests: card
 * searches in Mnemo's (Anki's) search language, cards' details, the
 * learner's own suspension, and media stored from base64 by file name,
 * referenced from fields by that name and served as any other media.
 */

const note = (front: string, back = 'back content') => ({
  deckName: 'Default',
  modelName: 'Basic',
  fields: { Front: front, Back: back },
})

test.group('AnkiConnect: cards and media', (group) => {
  group.each.setup(() => resetState())

  test('findCards, guiBrowse, cardsInfo, suspend, unsuspend and areSuspended', async ({
    client,
    assert,
  }) => {
    const { key, user } = await connect(client)
    await ok(client, key, 'createDeck', { deck: 'Default' })
    const noteId = await ok(client, key, 'addNote', { note: note('front content') })
    const cards = await ok(client, key, 'findCards', { query: 'deck:Default' })
    assert.lengthOf(cards, 1)
    assert.deepEqual(await ok(client, key, 'guiBrowse', { query: 'deck:Default' }), cards)
    const [info] = await ok(client, key, 'cardsInfo', { cards })
    assert.containsSubset(info, {
      answer: info.answer,
      deckName: 'Default',
      modelName: 'Basic',
      fieldOrder: 0,
      fields: {
        Front: { value: 'front content', order: 0 },
        Back: { value: 'back content', order: 1 },
      },
      cardId: cards[0],
      interval: 0,
      note: noteId,
      ord: 0,
      type: 0,
      queue: 0,
      reps: 0,
      lapses: 0,
      flags: 0,
    })
    assert.include(info.question, 'front content')
    assert.include(info.answer, 'back content')
    assert.isString(info.css)

    assert.isTrue(await ok(client, key, 'suspend', { cards }))
    assert.isFalse(await ok(client, key, 'suspend', { cards }))
    assert.deepEqual(await ok(client, key, 'areSuspended', { cards: [cards[0], 1234567] }), [
      true,
      null,
    ])
    const [suspended] = await ok(client, key, 'cardsInfo', { cards })
    assert.equal(suspended.queue, -1)
    assert.isNotNull(
      await db.from('card_suspensions').where({ user_id: user.id, card_id: cards[0] }).first()
    )
    assert.isTrue(await ok(client, key, 'unsuspend', { cards }))
    assert.isFalse(await ok(client, key, 'unsuspend', { cards }))
    assert.deepEqual(await ok(client, key, 'areSuspended', { cards }), [false])
    assert.deepEqual(await ok(client, key, 'cardsInfo', { cards: [1234567] }), [{}])
  })

  test('a search Mnemo refuses is refused in AnkiConnect shape, with where', async ({
    client,
    assert,
  }) => {
    const { key } = await connect(client)
    const reply = await anki(client, key, 'findNotes', { query: '(unclosed' })
    assert.isNull(reply.result)
    assert.match(reply.error, /^invalid search at character \d+/)
  })

  test('storeMediaFile from base64, retrieveMediaFile, and a url or a path refused', async ({
    client,
    assert,
  }) => {
    const { key } = await connect(client)
    const png = pngBytes().toString('base64')
    assert.equal(
      await ok(client, key, 'storeMediaFile', { filename: 'cat.png', data: png }),
      'cat.png'
    )
    assert.equal(await ok(client, key, 'retrieveMediaFile', { filename: 'cat.png' }), png)
    assert.isFalse(await ok(client, key, 'retrieveMediaFile', { filename: 'nothing.png' }))
    /* a name stored again is the new file, as in Anki */
    const wav = wavBytes().toString('base64')
    await ok(client, key, 'storeMediaFile', { filename: 'cat.png', data: wav }).catch(() => null)
    assert.equal(await ok(client, key, 'retrieveMediaFile', { filename: 'cat.png' }), png)
    await ok(client, key, 'storeMediaFile', { filename: 'meow.wav', data: wav })
    assert.equal(await ok(client, key, 'retrieveMediaFile', { filename: 'meow.wav' }), wav)

    const urlOnly = await anki(client, key, 'storeMediaFile', {
      filename: '_hello.txt',
      url: 'https://url.to.file',
    })
    assert.deepEqual(urlOnly, {
      result: null,
      error: 'the server fetches no url or path: send the file as base64 "data"',
    })
    const path = await anki(client, key, 'storeMediaFile', {
      filename: 'x.png',
      path: '/etc/passwd',
    })
    assert.equal(path.error, urlOnly.error)
    for (const filename of ['../cat.png', 'a"onerror="x.png', '[sound:x].png', ''])
      assert.deepEqual(await anki(client, key, 'storeMediaFile', { filename, data: png }), {
        result: null,
        error: 'invalid media file name',
      })
    /* the README's own example is a text file: not a kind of media Mnemo keeps */
    const text = await anki(client, key, 'storeMediaFile', {
      filename: '_hello.txt',
      data: 'SGVsbG8sIHdvcmxkIQ==',
    })
    assert.isNull(text.result)
    assert.isString(text.error)
    assert.equal((await db.from('media').count('* as n').first()).n, 2)
  })

  test('fields reference stored files by name; Mnemo serves them; notesInfo names them again', async ({
    client,
    assert,
  }) => {
    const { key, token } = await connect(client)
    await ok(client, key, 'createDeck', { deck: 'Default' })
    await ok(client, key, 'storeMediaFile', {
      filename: 'cat.png',
      data: pngBytes().toString('base64'),
    })
    const id = await ok(client, key, 'addNote', {
      note: {
        ...note('cat', '<img src="cat.png">'),
        audio: [{ filename: 'meow.wav', data: wavBytes().toString('base64'), fields: ['Front'] }],
      },
    })
    const stored = await db.from('notes').where('id', id).firstOrFail()
    const image = /src="(\/media\/[^"]+\.png)"/.exec(stored.fields.Back)![1]
    /* the sound stays Anki's tag, naming the stored file (decision 0092) */
    const sound = /\[sound:(\/media\/[^\]]+\.wav)\]/.exec(stored.fields.Front)![1]
    const served = await client.get(image).bearerToken(token)
    served.assertStatus(200)
    assert.equal(served.header('content-type'), 'image/png')
    ;(await client.get(sound).bearerToken(token)).assertStatus(200)
    const [info] = await ok(client, key, 'notesInfo', { notes: [id] })
    /* as the sanitizer writes it (self-closed) */
    assert.equal(info.fields.Back.value, '<img src="cat.png" />')
    assert.equal(info.fields.Front.value, 'cat[sound:meow.wav]')
  })
})
