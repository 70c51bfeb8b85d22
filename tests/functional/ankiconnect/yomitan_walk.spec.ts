import { test } from '@japa/runner'
import { resetState } from '#tests/support/helpers'
import { pngBytes, wavBytes } from '#tests/support/content'
import { answer, reviewCount, start } from '#tests/functional/api/learning/support'
import { anki, connect, ok } from '#tests/functional/ankiconnect/support'

/*
 * What Yomitan (yomidevs/yomitan, ext/js/comm/anki-connect.js) does when a
 * learner mines a word, request by request as it sends them: version 2
 * (so bare results), the version check, deck and model names, the model's
 * fields, canAddNotes, its files by storeMediaFile, addNote, the duplicate
 * check as a multi of findNotes with its `"deck:…" "front:…"` query,
 * notesInfo and guiBrowse of `nid:`. Then the learner studies the card in
 * Mnemo through the API.
 */

const YOMITAN_VERSION = 2

test.group('AnkiConnect: a word mined with Yomitan', (group) => {
  group.each.setup(() => resetState())

  test('the mining walk, then the card studied in Mnemo', async ({ client, assert }) => {
    const learner = await connect(client)
    const { key } = learner
    await ok(client, key, 'createDeck', { deck: 'Japanese::Mining' })
    const yomitan = (action: string, params: Record<string, unknown> = {}) =>
      anki(client, key, action, params, YOMITAN_VERSION)

    assert.equal(await yomitan('version'), 6)
    assert.include(await yomitan('deckNames'), 'Japanese::Mining')
    assert.include(await yomitan('modelNames'), 'Basic')
    assert.deepEqual(await yomitan('modelFieldNames', { modelName: 'Basic' }), ['Front', 'Back'])

    const note = {
      deckName: 'Japanese::Mining',
      modelName: 'Basic',
      fields: {
        /* the term alone in the first field, as Yomitan's {expression}: "front:猫" is Anki's whole-field match */
        Front: '猫',
        Back: '<div>cat</div><img src="yomitan_gloss_cat.png">[sound:yomitan_audio_ねこ_猫.wav]',
      },
      tags: ['yomitan'],
      options: {
        allowDuplicate: false,
        duplicateScope: 'deck',
        duplicateScopeOptions: { deckName: null, checkChildren: false, checkAllModels: false },
      },
    }
    assert.deepEqual(await yomitan('canAddNotes', { notes: [note] }), [true])
    assert.equal(
      await yomitan('storeMediaFile', {
        filename: 'yomitan_audio_ねこ_猫.wav',
        data: wavBytes().toString('base64'),
      }),
      'yomitan_audio_ねこ_猫.wav'
    )
    assert.equal(
      await yomitan('storeMediaFile', {
        filename: 'yomitan_gloss_cat.png',
        data: pngBytes().toString('base64'),
      }),
      'yomitan_gloss_cat.png'
    )
    const noteId = await yomitan('addNote', { note })
    assert.isNumber(noteId)

    /* Yomitan's duplicate check: one findNotes per note, in a multi, inner requests without a version */
    const found = await yomitan('multi', {
      actions: [{ action: 'findNotes', params: { query: '"deck:Japanese::Mining" "front:猫"' } }],
    })
    assert.deepEqual(found, [[noteId]])
    assert.deepEqual(await yomitan('canAddNotes', { notes: [note] }), [false])

    const [info] = await yomitan('notesInfo', { notes: [noteId] })
    assert.equal(info.noteId, noteId)
    assert.equal(info.modelName, 'Basic')
    assert.deepEqual(info.tags, ['yomitan'])
    assert.equal(info.fields.Front.value, '猫')
    assert.include(info.fields.Back.value, 'src="yomitan_gloss_cat.png"')
    assert.include(info.fields.Back.value, '[sound:yomitan_audio_ねこ_猫.wav]')
    assert.lengthOf(info.cards, 1)
    assert.deepEqual(await yomitan('guiBrowse', { query: `nid:${noteId}` }), info.cards)

    /* the learner studies the mined card in Mnemo */
    const deckId = (await yomitan('deckNamesAndIds'))['Japanese::Mining']
    const session = await start(client, learner, deckId)
    assert.isNull(session.errorType)
    assert.equal(session.card.id, info.cards[0])
    await answer(client, learner, deckId, session.card, 'good')
    assert.equal(await reviewCount(learner.user.id, info.cards[0]), 1)
    assert.equal(await yomitan('getNumCardsReviewedToday'), 1)
  })
})
