import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import {
  cardCount,
  createDeck,
  createNote,
  expectStatus,
  fillDeck,
  getDeck,
  listNotes,
  setProgress,
  signIn,
  snapshot,
  templateIds,
} from '#tests/support/content'
import { solidPng } from '#tests/support/images'

/* an image the note holds itself (a remote one would be fetched and stored: remote_images.spec.ts) */
const PICTURE = `data:image/png;base64,${solidPng(4, 4).toString('base64')}`
const IMAGE = `<img src="${PICTURE}" alt="heart">`
const MASKS = {
  Image: {
    hideAll: true,
    masks: [
      { id: 'a', group: 1, x: 0.1, y: 0.1, width: 0.2, height: 0.1, angle: 0 },
      { id: 'b', group: 1, x: 0.5, y: 0.1, width: 0.2, height: 0.1, angle: 0 },
      { id: 'c', group: 2, x: 0.3, y: 0.6, width: 0.2, height: 0.1, angle: 15 },
    ],
  },
}

const NOTE_KEYS = [
  'id',
  'front',
  'back',
  'hasImage',
  'hasAudio',
  'fields',
  'fieldAttachmentsMap',
  'templateId',
  'isReversed',
  'label',
  'nextReviewAt',
  'numberOfCards',
  'noteCardsCount',
  'learningState',
  'isFrozen',
  'rootDeckId',
  'deckId',
]

/** A premium learner (image occlusion, which these tests write, is premium) with a deck. */
async function setup(client: any) {
  const session = await signIn()
  await db.from('users').where('id', session.user.id).update({ is_premium: true })
  const ids = await templateIds(client, session.token)
  const deck = await createDeck(client, session.token, { name: 'Deck' })
  return { ...session, ids, deck }
}

function post(client: any, token: string, note: Record<string, unknown>) {
  return client.post('/api/notes').bearerToken(token).json({ note })
}

test.group('API notes: create', (group) => {
  group.each.setup(() => resetState())

  test('basic: one card, the Note entity of the spec', async ({ client, assert }) => {
    const { token, ids, deck } = await setup(client)
    const response = await post(client, token, {
      deck_id: deck.id,
      template_id: ids.basic,
      fields: { Front: '<b>Capital</b> of Peru?', Back: 'Lima' },
    })
    response.assertStatus(201)
    const note = response.body()
    assert.properties(note, NOTE_KEYS)
    assert.properties(note.front, ['tts', 'rawHtml', 'preview'])
    assert.equal(note.front.rawHtml, '<b>Capital</b> of Peru?')
    assert.equal(note.front.preview, 'Capital of Peru?')
    assert.include(note.back.rawHtml, 'Lima')
    assert.notInclude(note.back.rawHtml, 'Capital', 'the back is the answer part')
    assert.equal(note.back.preview, 'Lima')
    /* answers key fields by the ids GET decks gives the template's fields (0 Front, 1 Back) */
    assert.deepEqual(note.fields, { 0: '<b>Capital</b> of Peru?', 1: 'Lima' })
    assert.equal(note.templateId, ids.basic)
    assert.isFalse(note.isReversed)
    assert.isNull(note.label)
    assert.equal(note.numberOfCards, 1)
    assert.equal(note.learningState, 'new')
    assert.isFalse(note.isFrozen)
    assert.isNull(note.nextReviewAt)
    assert.equal(note.deckId, deck.id)
    assert.equal(note.rootDeckId, deck.id)
    assert.equal(await cardCount(deck.id), 1)
    const shown = await client.get(`/api/notes/${note.id}`).bearerToken(token)
    shown.assertStatus(200)
    assert.deepEqual(shown.body(), note)
  })

  test('basic with reverse: two cards, label reversed', async ({ client, assert }) => {
    const { token, ids, deck } = await setup(client)
    const response = await post(client, token, {
      deck_id: deck.id,
      template_id: ids.basic,
      fields: { Front: 'gato', Back: 'cat' },
      reverse: true,
    })
    response.assertStatus(201)
    assert.isTrue(response.body().isReversed)
    assert.equal(response.body().numberOfCards, 2)
    assert.deepEqual(response.body().label, { type: 'reversed' })
    assert.equal(await cardCount(deck.id), 2)
  })

  test('reversed kind: two cards', async ({ client, assert }) => {
    const { token, ids, deck } = await setup(client)
    const response = await post(client, token, {
      deck_id: deck.id,
      template_id: ids.reversed,
      fields: { Front: 'perro', Back: 'dog' },
    })
    response.assertStatus(201)
    assert.equal(response.body().numberOfCards, 2)
    assert.equal(response.body().templateId, ids.reversed)
    assert.equal(await cardCount(deck.id), 2)
    const cards = await client
      .get('/api/notes/cards')
      .bearerToken(token)
      .qs({ deck_id: deck.id, ids: `${response.body().id}` })
    assert.deepEqual(
      cards.body().cards.map((card: any) => card.front),
      ['perro', 'dog']
    )
  })

  test('cloze: one card per deletion, the front shows [...] or the hint', async ({
    client,
    assert,
  }) => {
    const { token, ids, deck } = await setup(client)
    const response = await post(client, token, {
      deck_id: deck.id,
      template_id: ids.cloze,
      fields: {
        'Text': 'The {{c1::capital}} of France is {{c2::Paris::city}}',
        'Back Extra': 'Europe',
      },
    })
    response.assertStatus(201)
    const note = response.body()
    assert.equal(note.numberOfCards, 2)
    assert.deepEqual(note.label, { type: 'cloze', index: 1 })
    assert.include(note.front.rawHtml, '[...]')
    assert.notInclude(note.front.preview, 'capital')
    assert.include(note.front.rawHtml, 'Paris', 'the other deletion stays visible')
    assert.include(note.back.rawHtml, 'capital')

    const cards = await client
      .get('/api/notes/cards')
      .bearerToken(token)
      .qs({ deck_id: deck.id, ids: `${note.id}` })
    cards.assertStatus(200)
    assert.lengthOf(cards.body().cards, 2)
    const [first, second] = cards.body().cards
    assert.deepEqual(first.label, { type: 'cloze', index: 1 })
    assert.deepEqual(second.label, { type: 'cloze', index: 2 })
    assert.include(first.front, '[...]')
    assert.include(second.front, '[city]')
    assert.notInclude(second.front.replace(/data-cloze="[^"]*"/g, ''), 'Paris')
    assert.include(second.back, 'Paris')
    assert.include(second.back, 'Europe')
  })

  test('image occlusion: one card per mask group', async ({ client, assert }) => {
    const { token, ids, deck } = await setup(client)
    const response = await post(client, token, {
      deck_id: deck.id,
      template_id: ids.image_occlusion,
      fields: { Image: IMAGE, Header: 'Heart' },
      field_attachments_map: MASKS,
    })
    response.assertStatus(201)
    const note = response.body()
    assert.equal(note.numberOfCards, 2)
    assert.isTrue(note.hasImage)
    assert.lengthOf(note.fieldAttachmentsMap[0].masks, 3)
    assert.deepEqual(
      note.fieldAttachmentsMap[0].masks.map((mask: any) => mask.group),
      [1, 1, 2]
    )
    assert.include(note.front.rawHtml, PICTURE)
    assert.include(note.front.rawHtml, 'occlusion-mask-active')
    assert.equal(await cardCount(deck.id), 2)

    const noMasks = await post(client, token, {
      deck_id: deck.id,
      template_id: ids.image_occlusion,
      fields: { Image: IMAGE },
    })
    noMasks.assertStatus(422)
    assert.equal(noMasks.body().errors[0].field, 'fields.Image')
    const noImage = await post(client, token, {
      deck_id: deck.id,
      template_id: ids.image_occlusion,
      fields: { Image: 'text only' },
      field_attachments_map: MASKS,
    })
    noImage.assertStatus(422)
    assert.equal(noImage.body().errors[0].field, 'fields.Image')
    assert.equal(await cardCount(deck.id), 2)
  })

  test('type in: one card with an answer input', async ({ client, assert }) => {
    const { token, ids, deck } = await setup(client)
    const response = await post(client, token, {
      deck_id: deck.id,
      template_id: ids.type_in,
      fields: { Front: 'Spell "necessary"', Back: 'necessary' },
    })
    response.assertStatus(201)
    assert.equal(response.body().numberOfCards, 1)
    assert.include(response.body().front.rawHtml, 'data-type-answer="Back"')
    assert.notInclude(
      response.body().front.rawHtml.replace(/<span[^>]*><\/span>/g, ''),
      '>necessary'
    )
    assert.include(response.body().back.rawHtml, 'necessary')
  })

  test(
    'a free learner cannot make an image-occlusion note (402 E_PREMIUM_REQUIRED, nothing written); the ones ' +
      'they have stay editable',
    async ({ client, assert }) => {
      const { user, token, ids, deck } = await setup(client)
      const made = await post(client, token, {
        deck_id: deck.id,
        template_id: ids.image_occlusion,
        fields: { Image: IMAGE, Header: 'Heart' },
        field_attachments_map: MASKS,
      })
      made.assertStatus(201)
      /* premium ends */
      await db.from('users').where('id', user.id).update({ is_premium: false })
      const before = await snapshot()
      const refused = await post(client, token, {
        deck_id: deck.id,
        template_id: ids.image_occlusion,
        fields: { Image: IMAGE, Header: 'Lungs' },
        field_attachments_map: MASKS,
      })
      refused.assertStatus(402)
      assertErrorBody(assert, refused.body(), 'E_PREMIUM_REQUIRED')
      assert.equal(refused.body().feature, 'image_occlusion')
      assert.deepEqual(await snapshot(), before)
      /* the existing one is edited as before; a basic note is made as before */
      const edited = await client
        .put(`/api/notes/${made.body().id}`)
        .bearerToken(token)
        .json({ note: { fields: { Image: IMAGE, Header: 'Heart (left)' } } })
      edited.assertStatus(200)
      ;(
        await post(client, token, {
          deck_id: deck.id,
          template_id: ids.basic,
          fields: { Front: 'q', Back: 'a' },
        })
      ).assertStatus(201)
      /* turning a basic note into an occlusion note is making one */
      const basic = await post(client, token, {
        deck_id: deck.id,
        template_id: ids.basic,
        fields: { Front: 'q2', Back: 'a2' },
      })
      const turned = await client
        .put(`/api/notes/${basic.body().id}`)
        .bearerToken(token)
        .json({
          note: {
            template_id: ids.image_occlusion,
            fields: { Image: IMAGE, Header: 'x' },
            field_attachments_map: MASKS,
          },
        })
      turned.assertStatus(402)
    }
  )

  test(
    'validation: empty required field, unknown field, cloze without deletion, reverse on cloze, unknown ' +
      'template',
    async ({ client, assert }) => {
      const { token, ids, deck } = await setup(client)
      const before = await snapshot()
      const cases: [Record<string, unknown>, number, string, string][] = [
        [
          { template_id: ids.basic, fields: { Front: '', Back: 'b' } },
          422,
          'E_VALIDATION_ERROR',
          'fields.Front',
        ],
        [
          { template_id: ids.basic, fields: { Back: 'b' } },
          422,
          'E_VALIDATION_ERROR',
          'fields.Front',
        ],
        [
          { template_id: ids.basic, fields: { Front: '<p> </p><br>', Back: 'b' } },
          422,
          'E_VALIDATION_ERROR',
          'fields.Front',
        ],
        [
          { template_id: ids.basic, fields: { Front: '<script>alert(1)</script>', Back: 'b' } },
          422,
          'E_VALIDATION_ERROR',
          'fields.Front',
        ],
        [
          { template_id: ids.basic, fields: { Front: 'q', Extra: 'x' } },
          422,
          'E_VALIDATION_ERROR',
          'fields.Extra',
        ],
        [
          { template_id: ids.cloze, fields: { Text: 'no deletion here' } },
          422,
          'E_VALIDATION_ERROR',
          'fields.Text',
        ],
        [
          { template_id: ids.cloze, fields: { Text: '{{c1::x}}' }, reverse: true },
          422,
          'E_NOT_REVERSIBLE',
          'reverse',
        ],
        [
          {
            template_id: ids.image_occlusion,
            fields: { Image: IMAGE },
            field_attachments_map: MASKS,
            reverse: true,
          },
          422,
          'E_NOT_REVERSIBLE',
          'reverse',
        ],
        [
          { template_id: ids.basic, fields: { Front: 'four images ' + IMAGE.repeat(4) } },
          422,
          'E_VALIDATION_ERROR',
          'fields.Front',
        ],
        [{ template_id: 999999, fields: { Front: 'q' } }, 422, 'E_UNKNOWN_TEMPLATE', 'template_id'],
        [{ fields: { Front: 'q' } }, 422, 'E_VALIDATION_ERROR', 'note.template_id'],
        [{ template_id: ids.basic }, 422, 'E_VALIDATION_ERROR', 'note.fields'],
        [
          { template_id: ids.basic, fields: { Front: 'q' }, reverse: 'sometimes' },
          422,
          'E_VALIDATION_ERROR',
          'note.reverse',
        ],
      ]
      for (const [note, status, code, field] of cases) {
        const response = await post(client, token, { deck_id: deck.id, ...note })
        response.assertStatus(status)
        assertErrorBody(assert, response.body(), code)
        assert.equal(response.body().errors?.[0]?.field, field, JSON.stringify(note))
      }
      const noDeck = await post(client, token, { template_id: ids.basic, fields: { Front: 'q' } })
      noDeck.assertStatus(422)
      assert.equal(noDeck.body().errors[0].field, 'note.deck_id')
      const missingDeck = await post(client, token, {
        deck_id: deck.id + 1000,
        template_id: ids.basic,
        fields: { Front: 'q' },
      })
      missingDeck.assertStatus(404)
      assert.deepEqual(await snapshot(), before)
    }
  )

  test('images: three per side at most; none new on an imported or pre-made deck', async ({
    client,
    assert,
  }) => {
    const { token, ids, deck } = await setup(client)
    const three = await post(client, token, {
      deck_id: deck.id,
      template_id: ids.basic,
      fields: { Front: IMAGE.repeat(3), Back: IMAGE.repeat(3) },
    })
    three.assertStatus(201)
    assert.isTrue(three.body().hasImage)
    for (const source of ['imported_anki', 'pre-made']) {
      const imported = await createDeck(client, token, { name: source, source })
      const before = await snapshot()
      const refused = await post(client, token, {
        deck_id: imported.id,
        template_id: ids.basic,
        fields: { Front: `q ${IMAGE}` },
      })
      expectStatus(assert, refused, 422, source)
      assertErrorBody(assert, refused.body(), 'E_IMAGES_NOT_ALLOWED')
      assert.equal(refused.body().errors[0].field, 'fields.Front')
      assert.deepEqual(await snapshot(), before)
      ;(
        await post(client, token, {
          deck_id: imported.id,
          template_id: ids.basic,
          fields: { Front: 'text is fine' },
        })
      ).assertStatus(201)
    }
  })

  test('a custom note type of another user is an unknown template', async ({ client, assert }) => {
    const { token, ids, deck } = await setup(client)
    const stranger = await signIn()
    const [custom] = await db
      .table('note_types')
      .insert({
        user_id: stranger.user.id,
        kind: 'custom',
        name: 'Theirs',
        fields: JSON.stringify([{ name: 'Front', required: true }, { name: 'Back' }]),
        templates: JSON.stringify([{ name: 'Card 1', front: '{{Front}}', back: '{{Back}}' }]),
        css: '',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
    const response = await post(client, token, {
      deck_id: deck.id,
      template_id: custom.id ?? custom,
      fields: { Front: 'q' },
    })
    response.assertStatus(422)
    assertErrorBody(assert, response.body(), 'E_UNKNOWN_TEMPLATE')
    const ownList = await client.get('/api/decks').bearerToken(token)
    assert.notInclude(
      ownList.body().templates.map((template: any) => template.id),
      custom.id ?? custom
    )
    assert.equal(await cardCount(deck.id), 0)
    assert.isDefined(ids.basic)
  })

  test('a deck holds at most 3000 cards: the 3000th fits, a 2-card note does not, and nothing is written', async ({
    client,
    assert,
  }) => {
    const { token, user, ids, deck } = await setup(client)
    await fillDeck(user.id, deck.id, ids.basic, 2999)
    assert.equal(await cardCount(deck.id), 2999)
    const before = await snapshot()

    const reversed = await post(client, token, {
      deck_id: deck.id,
      template_id: ids.basic,
      fields: { Front: 'two', Back: 'cards' },
      reverse: true,
    })
    reversed.assertStatus(422)
    assertErrorBody(assert, reversed.body(), 'E_CARDS_LIMIT_REACHED')
    assert.isString(reversed.body().body)
    const reversedKind = await post(client, token, {
      deck_id: deck.id,
      template_id: ids.reversed,
      fields: { Front: 'two', Back: 'cards' },
    })
    reversedKind.assertStatus(422)
    assertErrorBody(assert, reversedKind.body(), 'E_CARDS_LIMIT_REACHED')
    const bulk = await client
      .post('/api/notes/bulk_create')
      .bearerToken(token)
      .json({
        deck_id: deck.id,
        import_data: [
          { front: 'a', back: 'b' },
          { front: 'c', back: 'd' },
        ],
      })
    bulk.assertStatus(422)
    assertErrorBody(assert, bulk.body(), 'E_CARDS_LIMIT_REACHED')
    assert.deepEqual(await snapshot(), before)

    const last = await post(client, token, {
      deck_id: deck.id,
      template_id: ids.basic,
      fields: { Front: 'the last one' },
    })
    last.assertStatus(201)
    assert.equal(await cardCount(deck.id), 3000)
    const full = await post(client, token, {
      deck_id: deck.id,
      template_id: ids.basic,
      fields: { Front: 'one too many' },
    })
    full.assertStatus(422)
    assertErrorBody(assert, full.body(), 'E_CARDS_LIMIT_REACHED')
    assert.equal(await cardCount(deck.id), 3000)
    assert.equal((await getDeck(client, token, deck.id)).totalCardsCount, 3000)
  })
})

/*
 * A client written from the spec's tables: it reads the templates' fields
 * ({id, title, isRequired}) from GET decks and names fields by those ids.
 */
test.group("API notes: field ids from GET decks, as the spec's clients send them", (group) => {
  group.each.setup(() => resetState())

  async function templatesOf(client: any, token: string) {
    const response = await client.get('/api/decks').bearerToken(token)
    response.assertStatus(200)
    const byTitle = new Map<string, any>(
      response.body().templates.map((template: any) => [template.title, template])
    )
    return byTitle
  }
  /* the ids the server handed out, by field title */
  const idOf = (template: any, title: string) =>
    String(template.fields.find((field: any) => field.title === title).id)

  test('POST notes, PUT notes/{id}, notes/preview and PUT cards/{id} take the ids; answers key fields by id', async ({
    client,
    assert,
  }) => {
    const { token, deck } = await setup(client)
    const basic = (await templatesOf(client, token)).get('Basic')
    assert.deepEqual(basic.fields, [
      { id: 0, title: 'Front', isRequired: true },
      { id: 1, title: 'Back', isRequired: false },
    ])
    const [front, back] = [idOf(basic, 'Front'), idOf(basic, 'Back')]

    /* the spec's body: {note:{template_id, fields, deck_id, field_attachments_map, reverse}} */
    const created = await client
      .post('/api/notes')
      .bearerToken(token)
      .json({
        note: {
          template_id: basic.id,
          fields: { [front]: 'Capital of Peru?', [back]: 'Lima' },
          deck_id: deck.id,
          field_attachments_map: {},
          reverse: false,
        },
      })
    created.assertStatus(201)
    assert.deepEqual(created.body().fields, { [front]: 'Capital of Peru?', [back]: 'Lima' })
    assert.equal(created.body().front.rawHtml, 'Capital of Peru?')
    assert.include(created.body().back.rawHtml, 'Lima')
    const stored = await db.from('notes').where('id', created.body().id).first()
    assert.deepEqual(
      stored.fields,
      { Front: 'Capital of Peru?', Back: 'Lima' },
      'stored by title, as the web editor and the imports write them'
    )

    const edited = await client
      .put(`/api/notes/${created.body().id}`)
      .bearerToken(token)
      .json({
        note: {
          template_id: basic.id,
          fields: { [front]: 'Capital of Chile?', [back]: 'Santiago' },
          deck_id: deck.id,
          field_attachments_map: {},
          reverse: true,
        },
      })
    edited.assertStatus(200)
    assert.deepEqual(edited.body().fields, { [front]: 'Capital of Chile?', [back]: 'Santiago' })
    assert.equal(edited.body().numberOfCards, 2)

    const preview = await client
      .post('/api/notes/preview')
      .bearerToken(token)
      .json({
        note: {
          template_id: basic.id,
          fields: { [front]: 'uno', [back]: 'one' },
          deck_id: deck.id,
          field_attachments_map: {},
          reverse: true,
        },
      })
    preview.assertStatus(200)
    assert.deepEqual(
      preview.body().cards.map((card: any) => card.front),
      ['uno', 'one']
    )

    /* the spec's PUT cards/{id} body: {deck_id, fields, return_learning_data, field_attachments_map, reverse} */
    const cards = await client
      .get('/api/notes/cards')
      .bearerToken(token)
      .qs({ deck_id: deck.id, ids: `${created.body().id}` })
    const cardId = cards.body().cards[0].id
    const fromSession = await client
      .put(`/api/cards/${cardId}`)
      .bearerToken(token)
      .json({
        deck_id: deck.id,
        fields: { [front]: 'Capital of Bolivia?', [back]: 'Sucre' },
        return_learning_data: false,
        field_attachments_map: null,
        reverse: false,
      })
    fromSession.assertStatus(200)
    assert.deepEqual(fromSession.body().fields, { [front]: 'Capital of Bolivia?', [back]: 'Sucre' })
    assert.equal(fromSession.body().numberOfCards, 1)
    const learning = await client
      .put(`/api/cards/${cardId}`)
      .bearerToken(token)
      .json({
        deck_id: deck.id,
        fields: { [front]: 'Capital of Ecuador?', [back]: 'Quito' },
        return_learning_data: true,
        field_attachments_map: null,
        reverse: false,
      })
    learning.assertStatus(200)
    assert.include(learning.body().card.front, 'Capital of Ecuador?')
    assert.deepEqual((await db.from('notes').where('id', created.body().id).first()).fields, {
      Front: 'Capital of Ecuador?',
      Back: 'Quito',
    })

    /* GET notes answers in the same form */
    const list = await listNotes(client, token, { deck_id: deck.id })
    assert.deepEqual(list.notes[0].fields, { [front]: 'Capital of Ecuador?', [back]: 'Quito' })
  })

  test('every built-in template: its field ids make a note; image-occlusion masks are keyed by id too', async ({
    client,
    assert,
  }) => {
    const { token, deck } = await setup(client)
    const templates = await templatesOf(client, token)
    const values: Record<string, Record<string, string>> = {
      'Basic': { Front: 'q', Back: 'a' },
      'Basic (and reversed card)': { Front: 'q', Back: 'a' },
      'Cloze': { 'Text': '{{c1::one}} and {{c2::two}}', 'Back Extra': 'extra' },
      /* as the sanitizer writes an image, so the answer reads back what was sent */
      'Image Occlusion': {
        'Image': `<img src="${PICTURE}" alt="heart" />`,
        'Header': 'Heart',
        'Back Extra': '',
      },
      'Basic (type in the answer)': { Front: 'q', Back: 'a' },
    }
    assert.sameMembers([...templates.keys()], Object.keys(values))
    for (const [title, byTitle] of Object.entries(values)) {
      const template = templates.get(title)
      const fields = Object.fromEntries(
        Object.entries(byTitle).map(([field, value]) => [idOf(template, field), value])
      )
      const masks = title === 'Image Occlusion' ? { [idOf(template, 'Image')]: MASKS.Image } : {}
      const response = await client
        .post('/api/notes')
        .bearerToken(token)
        .json({
          note: {
            template_id: template.id,
            fields,
            deck_id: deck.id,
            field_attachments_map: masks,
            reverse: false,
          },
        })
      expectStatus(assert, response, 201, title)
      assert.deepEqual(response.body().fields, fields, title)
      assert.deepEqual(
        await db
          .from('notes')
          .where('id', response.body().id)
          .first()
          .then((row) => row.fields),
        byTitle,
        title
      )
      if (title === 'Image Occlusion') {
        assert.equal(response.body().numberOfCards, 2)
        assert.deepEqual(Object.keys(response.body().fieldAttachmentsMap), [
          idOf(template, 'Image'),
        ])
      }
    }
  })

  test(
    'a field id that does not exist, a field named twice, an empty required field: 422 naming the ' +
      'field as sent',
    async ({ client, assert }) => {
      const { token, deck } = await setup(client)
      const basic = (await templatesOf(client, token)).get('Basic')
      const before = await snapshot()
      for (const [fields, field, title] of [
        [{ 0: 'q', 1: 'a', 2: 'no third field' }, 'fields.2', '2 is not a field of this card type'],
        [{ 0: 'q', Front: 'q again' }, 'fields.Front', 'Front names a field that is already given'],
        [{ 0: '', 1: 'a' }, 'fields.0', 'Front cannot be empty'],
        /* a required field left out is named the way the others were */
        [{ 1: 'a' }, 'fields.0', 'Front cannot be empty'],
        [{ Back: 'a' }, 'fields.Front', 'Front cannot be empty'],
        [{ '01': 'q' }, 'fields.01', '01 is not a field of this card type'],
      ] as const) {
        const response = await post(client, token, {
          template_id: basic.id,
          fields,
          deck_id: deck.id,
        })
        expectStatus(assert, response, 422, fields)
        assertErrorBody(assert, response.body(), 'E_VALIDATION_ERROR')
        assert.equal(response.body().errors[0].field, field, JSON.stringify(fields))
        assert.equal(response.body().title, title)
      }
      assert.deepEqual(await snapshot(), before)
    }
  )
})

test.group('API notes: update', (group) => {
  group.each.setup(() => resetState())

  test('PUT notes/{id} changes the fields', async ({ client, assert }) => {
    const { token, ids, deck } = await setup(client)
    const note = await createNote(client, token, {
      deck_id: deck.id,
      template_id: ids.basic,
      fields: { Front: 'old front', Back: 'old back' },
    })
    const response = await client
      .put(`/api/notes/${note.id}`)
      .bearerToken(token)
      .json({ note: { fields: { Front: 'new <i>front</i>', Back: 'new back' } } })
    response.assertStatus(200)
    assert.equal(response.body().id, note.id)
    assert.deepEqual(response.body().fields, { 0: 'new <i>front</i>', 1: 'new back' })
    assert.equal(response.body().front.rawHtml, 'new <i>front</i>')
    assert.include(response.body().back.rawHtml, 'new back')
    assert.equal(response.body().numberOfCards, 1)
    const shown = await client.get(`/api/notes/${note.id}`).bearerToken(token)
    assert.deepEqual(shown.body().fields, { 0: 'new <i>front</i>', 1: 'new back' })
    const search = await listNotes(client, token, { deck_id: deck.id, query: 'new front' })
    assert.deepEqual(
      search.notes.map((n: any) => n.id),
      [note.id]
    )
    assert.equal((await listNotes(client, token, { deck_id: deck.id, query: 'old' })).total, 0)
  })

  test('removing the reverse flag deletes the reversed card; adding it back adds one', async ({
    client,
    assert,
  }) => {
    const { token, ids, deck } = await setup(client)
    const note = await createNote(client, token, {
      deck_id: deck.id,
      template_id: ids.basic,
      fields: { Front: 'q', Back: 'a' },
      reverse: true,
    })
    assert.equal(await cardCount(deck.id), 2)
    const off = await client
      .put(`/api/notes/${note.id}`)
      .bearerToken(token)
      .json({ note: { fields: { Front: 'q', Back: 'a' }, reverse: false } })
    off.assertStatus(200)
    assert.isFalse(off.body().isReversed)
    assert.equal(off.body().numberOfCards, 1)
    assert.isNull(off.body().label)
    assert.deepEqual(
      (await db.from('cards').where('note_id', note.id).select('ord')).map((row) => row.ord),
      [0]
    )
    /* the flag is kept when an edit does not mention it */
    const on = await client
      .put(`/api/notes/${note.id}`)
      .bearerToken(token)
      .json({ note: { fields: { Front: 'q', Back: 'a' }, reverse: true } })
    assert.equal(on.body().numberOfCards, 2)
    const edit = await client
      .put(`/api/notes/${note.id}`)
      .bearerToken(token)
      .json({ note: { fields: { Front: 'q2', Back: 'a2' } } })
    assert.isTrue(edit.body().isReversed)
    assert.equal(edit.body().numberOfCards, 2)
    assert.equal(await cardCount(deck.id), 2)
  })

  test('a cloze going from two deletions to one loses a card', async ({ client, assert }) => {
    const { token, ids, deck } = await setup(client)
    const note = await createNote(client, token, {
      deck_id: deck.id,
      template_id: ids.cloze,
      fields: { Text: '{{c1::H2O}} is {{c2::water}}' },
    })
    assert.equal(note.numberOfCards, 2)
    const response = await client
      .put(`/api/notes/${note.id}`)
      .bearerToken(token)
      .json({ note: { fields: { Text: '{{c1::H2O}} is water' } } })
    response.assertStatus(200)
    assert.equal(response.body().numberOfCards, 1)
    assert.deepEqual(
      (await db.from('cards').where('note_id', note.id).select('ord')).map((row) => row.ord),
      [0]
    )
    assert.equal((await getDeck(client, token, deck.id)).totalCardsCount, 1)
  })

  test('PUT notes/{id}: an invalid edit changes nothing; archived decks refuse edits', async ({
    client,
    assert,
  }) => {
    const { token, ids, deck } = await setup(client)
    const note = await createNote(client, token, {
      deck_id: deck.id,
      template_id: ids.cloze,
      fields: { Text: '{{c1::a}} {{c2::b}}' },
    })
    const before = await snapshot()
    for (const [body, code, field] of [
      [{ fields: { Text: 'no cloze' } }, 'E_VALIDATION_ERROR', 'fields.Text'],
      [{ fields: { Text: '{{c1::a}}', Unknown: 'x' } }, 'E_VALIDATION_ERROR', 'fields.Unknown'],
      [{ fields: { Text: '{{c1::a}}' }, reverse: true }, 'E_NOT_REVERSIBLE', 'reverse'],
      [{ fields: { Text: '{{c1::a}}' }, template_id: 999999 }, 'E_UNKNOWN_TEMPLATE', 'template_id'],
      [{ reverse: false }, 'E_VALIDATION_ERROR', 'note.fields'],
    ] as const) {
      const response = await client
        .put(`/api/notes/${note.id}`)
        .bearerToken(token)
        .json({ note: body })
      response.assertStatus(422)
      assertErrorBody(assert, response.body(), code)
      assert.equal(response.body().errors[0].field, field, JSON.stringify(body))
    }
    assert.deepEqual(await snapshot(), before)
    ;(
      await client
        .put(`/api/notes/${note.id + 100}`)
        .bearerToken(token)
        .json({ note: { fields: { Text: '{{c1::a}}' } } })
    ).assertStatus(404)

    ;(await client.post(`/api/decks/${deck.id}/archive`).bearerToken(token)).assertStatus(200)
    const archived = await client
      .put(`/api/notes/${note.id}`)
      .bearerToken(token)
      .json({ note: { fields: { Text: '{{c1::changed}}' } } })
    archived.assertStatus(409)
    assertErrorBody(assert, archived.body(), 'E_DECK_ARCHIVED')
    assert.deepEqual((await client.get(`/api/notes/${note.id}`).bearerToken(token)).body().fields, {
      0: '{{c1::a}} {{c2::b}}',
      1: '',
    })
  })
})

test.group('API notes: list', (group) => {
  group.each.setup(() => resetState())

  async function fruits(client: any) {
    const context = await setup(client)
    const rows: [string, string][] = [
      ['Apple pie', 'dessert'],
      ['Banana', 'yellow FRUIT'],
      ['100% juice', 'drink'],
      ['snake_case', 'naming'],
      ['snakeXcase', 'naming too'],
      ['Cherry', 'red fruit'],
    ]
    /* one request, in this order */
    const created = await client
      .post('/api/notes/bulk_create')
      .bearerToken(context.token)
      .json({
        deck_id: context.deck.id,
        import_data: rows.map(([front, back]) => ({ front, back })),
      })
    created.assertStatus(201)
    const notes: { id: number }[] = created.body().ids.map((id: number) => ({ id }))
    return { ...context, notes }
  }
  const idsOf = (body: any) => body.notes.map((note: any) => note.id)

  test('query: trimmed, case-insensitive, across all fields, % and _ literal', async ({
    client,
    assert,
  }) => {
    const { token, deck, notes } = await fruits(client)
    const [apple, banana, juice, snake, snakeX, cherry] = notes.map((note) => note.id)
    const search = async (query: string) =>
      await listNotes(client, token, {
        deck_id: deck.id,
        query,
        sort_by: 'created_at',
        order: 'ASC',
      })
    assert.deepEqual(idsOf(await search('  APPLE  ')), [apple])
    assert.deepEqual(idsOf(await search('fruit')), [banana, cherry])
    assert.deepEqual(idsOf(await search('%')), [juice])
    assert.deepEqual(idsOf(await search('0% J')), [juice])
    assert.deepEqual(idsOf(await search('_')), [snake])
    assert.deepEqual(idsOf(await search('e_c')), [snake])
    assert.deepEqual(idsOf(await search('snake')), [snake, snakeX])
    const none = await search('kiwi')
    assert.deepEqual(none.notes, [])
    assert.equal(none.total, 0)
    assert.equal((await search('fruit')).total, 2)
    const all = await search('   ')
    assert.equal(all.total, 6)
    const path = await createNote(client, token, {
      deck_id: deck.id,
      template_id: (await templateIds(client, token)).basic,
      fields: { Front: 'C:\\Temp\\x', Back: 'path' },
    })
    assert.deepEqual(idsOf(await search(':\\t')), [path.id])
    assert.deepEqual(idsOf(await search('\\')), [path.id])
  })

  test('sort_by created_at and alphabetical, ASC and DESC; the choice is remembered on the deck', async ({
    client,
    assert,
  }) => {
    const { token, deck, notes } = await fruits(client)
    const [apple, banana, juice, snake, snakeX, cherry] = notes.map((note) => note.id)
    const byCreation = [apple, banana, juice, snake, snakeX, cherry]
    const defaults = await listNotes(client, token, { deck_id: deck.id })
    assert.equal(defaults.sortBy, 'created_at')
    assert.equal(defaults.order, 'DESC')
    assert.deepEqual(idsOf(defaults), [...byCreation].reverse())

    const ascending = await listNotes(client, token, {
      deck_id: deck.id,
      sort_by: 'created_at',
      order: 'ASC',
    })
    assert.deepEqual(idsOf(ascending), byCreation)
    const alphabetical = [juice, apple, banana, cherry, snake, snakeX]
    const az = await listNotes(client, token, {
      deck_id: deck.id,
      sort_by: 'alphabetical',
      order: 'ASC',
    })
    assert.deepEqual(idsOf(az), alphabetical)
    assert.equal(az.sortBy, 'alphabetical')
    const za = await listNotes(client, token, {
      deck_id: deck.id,
      sort_by: 'alphabetical',
      order: 'desc',
    })
    assert.deepEqual(idsOf(za), [...alphabetical].reverse())

    /* remembered: a call without sort_by uses the last choice */
    const remembered = await listNotes(client, token, { deck_id: deck.id })
    assert.equal(remembered.sortBy, 'alphabetical')
    assert.equal(remembered.order, 'DESC')
    assert.deepEqual(idsOf(remembered), [...alphabetical].reverse())
    const shown = await getDeck(client, token, deck.id)
    assert.equal(shown.notesSortBy, 'alphabetical')
    assert.equal(shown.notesOrder, 'DESC')

    const bad = await client
      .get('/api/notes')
      .bearerToken(token)
      .qs({ deck_id: deck.id, sort_by: 'random' })
    bad.assertStatus(422)
    assert.equal(bad.body().errors[0].field, 'sort_by')
  })

  test('sort_by next_review_at: soonest first (ASC) or last (DESC), never-studied notes at the end', async ({
    client,
    assert,
  }) => {
    const { token, user, deck, notes } = await fruits(client)
    const [apple, banana, juice, snake, snakeX, cherry] = notes.map((note) => note.id)
    const day = 24 * 3600 * 1000
    await setProgress(user.id, banana, { state: 'review', dueAt: new Date(Date.now() + day) })
    await setProgress(user.id, cherry, { state: 'review', dueAt: new Date(Date.now() + 2 * day) })
    await setProgress(user.id, apple, { state: 'review', dueAt: new Date(Date.now() + 3 * day) })
    const asc = await listNotes(client, token, {
      deck_id: deck.id,
      sort_by: 'next_review_at',
      order: 'ASC',
    })
    assert.deepEqual(idsOf(asc), [banana, cherry, apple, juice, snake, snakeX])
    assert.isString(asc.notes[0].nextReviewAt)
    assert.isNull(asc.notes[3].nextReviewAt)
    const desc = await listNotes(client, token, {
      deck_id: deck.id,
      sort_by: 'next_review_at',
      order: 'DESC',
    })
    assert.deepEqual(idsOf(desc), [apple, cherry, banana, snakeX, snake, juice])
    const remembered = await listNotes(client, token, { deck_id: deck.id })
    assert.equal(remembered.sortBy, 'next_review_at')
    assert.deepEqual(idsOf(remembered), idsOf(desc))
  })

  test('learning_state and frozen filters', async ({ client, assert }) => {
    const { token, user, deck, notes } = await fruits(client)
    const [apple, banana, juice, snake, snakeX, cherry] = notes.map((note) => note.id)
    await setProgress(user.id, banana, { state: 'learning', dueAt: new Date(Date.now() + 600_000) })
    await setProgress(user.id, cherry, {
      state: 'review',
      dueAt: new Date(Date.now() + 86_400_000),
    })
    const freeze = await client
      .post('/api/notes/bulk_freeze')
      .bearerToken(token)
      .json({ deck_id: deck.id, ids: [juice] })
    freeze.assertStatus(200)
    const list = (query: Record<string, unknown>) =>
      listNotes(client, token, { deck_id: deck.id, sort_by: 'created_at', order: 'ASC', ...query })

    assert.deepEqual(idsOf(await list({ learning_state: 'learning' })), [banana])
    assert.deepEqual(idsOf(await list({ learning_state: 'graduated' })), [cherry])
    assert.deepEqual(idsOf(await list({ learning_state: 'new' })), [apple, juice, snake, snakeX])
    const frozen = await list({ frozen: true })
    assert.deepEqual(idsOf(frozen), [juice])
    assert.isTrue(frozen.notes[0].isFrozen)
    assert.deepEqual(idsOf(await list({ frozen: false })), [apple, banana, snake, snakeX, cherry])
    const learning = (await list({ learning_state: 'learning' })).notes[0]
    assert.equal(learning.learningState, 'learning')
    assert.isString(learning.nextReviewAt)
    const bad = await client
      .get('/api/notes')
      .bearerToken(token)
      .qs({ deck_id: deck.id, learning_state: 'forgotten' })
    bad.assertStatus(422)
    assert.equal(bad.body().errors[0].field, 'learning_state')
  })

  test('paging: default limit 20, offset, a stable order without gaps or repeats', async ({
    client,
    assert,
  }) => {
    const { token, deck } = await setup(client)
    const rows = Array.from({ length: 25 }, (_, index) => ({
      front: `card ${String(index).padStart(2, '0')}`,
      back: 'same',
    }))
    const created = await client
      .post('/api/notes/bulk_create')
      .bearerToken(token)
      .json({ deck_id: deck.id, import_data: rows })
    created.assertStatus(201)
    const first = await listNotes(client, token, { deck_id: deck.id })
    assert.lengthOf(first.notes, 20)
    assert.equal(first.total, 25)
    assert.equal(first.limit, 20)
    assert.equal(first.offset, 0)
    const second = await listNotes(client, token, { deck_id: deck.id, offset: 20 })
    assert.lengthOf(second.notes, 5)
    assert.equal(second.total, 25)
    const everything = await listNotes(client, token, { deck_id: deck.id, limit: 100 })
    assert.deepEqual([...idsOf(first), ...idsOf(second)], idsOf(everything))
    assert.sameMembers(idsOf(everything), created.body().ids)
    /* same order again, and in small pages too */
    const pages: number[] = []
    for (let offset = 0; offset < 25; offset += 7)
      pages.push(...idsOf(await listNotes(client, token, { deck_id: deck.id, offset, limit: 7 })))
    assert.deepEqual(pages, idsOf(everything))
    const past = await listNotes(client, token, { deck_id: deck.id, offset: 40 })
    assert.deepEqual(past.notes, [])
    assert.equal(past.total, 25)
    for (const [query, field] of [
      [{ limit: 0 }, 'limit'],
      [{ limit: 101 }, 'limit'],
      [{ offset: -1 }, 'offset'],
      [{}, 'deck_id'],
    ] as const) {
      const response = await client
        .get('/api/notes')
        .bearerToken(token)
        .qs({ ...(field === 'deck_id' ? {} : { deck_id: deck.id }), ...query })
      response.assertStatus(422)
      assert.equal(response.body().errors[0].field, field)
    }
  })

  test("a deck's list includes its subdecks' notes", async ({ client, assert }) => {
    const { token, ids, deck } = await setup(client)
    const sub = await createDeck(client, token, { name: 'Sub', parent_id: deck.id })
    const subsub = await createDeck(client, token, { name: 'SubSub', parent_id: sub.id })
    const inRoot = await createNote(client, token, {
      deck_id: deck.id,
      template_id: ids.basic,
      fields: { Front: 'root' },
    })
    const inSub = await createNote(client, token, {
      deck_id: sub.id,
      template_id: ids.basic,
      fields: { Front: 'sub' },
    })
    const inSubSub = await createNote(client, token, {
      deck_id: subsub.id,
      template_id: ids.basic,
      fields: { Front: 'subsub' },
    })
    assert.equal(inSubSub.rootDeckId, deck.id)
    assert.equal(inSubSub.deckId, subsub.id)
    const root = await listNotes(client, token, {
      deck_id: deck.id,
      sort_by: 'created_at',
      order: 'ASC',
    })
    assert.deepEqual(idsOf(root), [inRoot.id, inSub.id, inSubSub.id])
    assert.deepEqual(
      root.notes.map((note: any) => note.deckId),
      [deck.id, sub.id, subsub.id]
    )
    const middle = await listNotes(client, token, {
      deck_id: sub.id,
      sort_by: 'created_at',
      order: 'ASC',
    })
    assert.deepEqual(idsOf(middle), [inSub.id, inSubSub.id])
  })
})

test.group('API notes: preview, bulk_create, cards, find_duplicates', (group) => {
  group.each.setup(() => resetState())

  test('POST notes/preview renders every card and saves nothing', async ({ client, assert }) => {
    const { token, ids, deck } = await setup(client)
    const before = await snapshot()
    const response = await client
      .post('/api/notes/preview')
      .bearerToken(token)
      .json({
        note: {
          deck_id: deck.id,
          template_id: ids.cloze,
          fields: { Text: '{{c1::Mitochondria}} is the {{c2::powerhouse::what}} of the cell' },
        },
      })
    response.assertStatus(200)
    assert.isString(response.body().css)
    const cards = response.body().cards
    assert.lengthOf(cards, 2)
    assert.deepEqual(
      cards.map((card: any) => card.label),
      [
        { type: 'cloze', index: 1 },
        { type: 'cloze', index: 2 },
      ]
    )
    assert.include(cards[0].front, '[...]')
    assert.include(cards[1].front, '[what]')
    assert.include(cards[1].back, 'powerhouse')

    const reversed = await client
      .post('/api/notes/preview')
      .bearerToken(token)
      .json({
        note: {
          deck_id: deck.id,
          template_id: ids.basic,
          fields: { Front: 'uno', Back: 'one' },
          reverse: true,
        },
      })
    reversed.assertStatus(200)
    assert.deepEqual(
      reversed.body().cards.map((card: any) => card.front),
      ['uno', 'one']
    )
    assert.deepEqual(reversed.body().cards[1].label, { type: 'reversed' })

    const invalid = await client
      .post('/api/notes/preview')
      .bearerToken(token)
      .json({ note: { deck_id: deck.id, template_id: ids.basic, fields: { Front: '' } } })
    invalid.assertStatus(422)
    assert.equal(invalid.body().errors[0].field, 'fields.Front')
    assert.deepEqual(await snapshot(), before)
  })

  test('POST notes/bulk_create creates basic notes, all or nothing', async ({ client, assert }) => {
    const { token, deck } = await setup(client)
    const response = await client
      .post('/api/notes/bulk_create')
      .bearerToken(token)
      .json({
        deck_id: deck.id,
        import_data: [
          { front: 'hund', back: 'dog' },
          { front: 'katze', back: 'cat' },
          { front: 'maus', back: 'mouse' },
        ],
      })
    response.assertStatus(201)
    assert.equal(response.body().count, 3)
    assert.lengthOf(response.body().ids, 3)
    const list = await listNotes(client, token, {
      deck_id: deck.id,
      sort_by: 'created_at',
      order: 'ASC',
    })
    assert.deepEqual(
      list.notes.map((note: any) => note.fields),
      [
        { 0: 'hund', 1: 'dog' },
        { 0: 'katze', 1: 'cat' },
        { 0: 'maus', 1: 'mouse' },
      ]
    )

    const before = await snapshot()
    /* the third row's front is empty once its markup is cleaned: the two rows before it are not kept either */
    const bad = await client
      .post('/api/notes/bulk_create')
      .bearerToken(token)
      .json({
        deck_id: deck.id,
        import_data: [
          { front: 'vogel', back: 'bird' },
          { front: 'fisch', back: 'fish' },
          { front: '<p> </p>', back: 'no front' },
        ],
      })
    bad.assertStatus(422)
    assertErrorBody(assert, bad.body(), 'E_VALIDATION_ERROR')
    assert.equal(bad.body().errors[0].field, 'fields.Front')
    const blank = await client
      .post('/api/notes/bulk_create')
      .bearerToken(token)
      .json({
        deck_id: deck.id,
        import_data: [
          { front: 'vogel', back: 'bird' },
          { front: '', back: 'no front' },
        ],
      })
    blank.assertStatus(422)
    assert.equal(blank.body().errors[0].field, 'import_data.1.front')
    const missing = await client
      .post('/api/notes/bulk_create')
      .bearerToken(token)
      .json({
        deck_id: deck.id,
        import_data: [{ front: 'vogel', back: 'bird' }, { back: 'no front' }],
      })
    missing.assertStatus(422)
    assert.equal(missing.body().errors[0].field, 'import_data.1.front')
    const empty = await client
      .post('/api/notes/bulk_create')
      .bearerToken(token)
      .json({ deck_id: deck.id, import_data: [] })
    empty.assertStatus(422)
    assert.deepEqual(await snapshot(), before)
  })

  test('GET notes/cards lists the rendered cards of notes, with their state', async ({
    client,
    assert,
  }) => {
    const { token, ids, deck } = await setup(client)
    const basic = await createNote(client, token, {
      deck_id: deck.id,
      template_id: ids.basic,
      fields: { Front: 'q', Back: 'a' },
    })
    const cloze = await createNote(client, token, {
      deck_id: deck.id,
      template_id: ids.cloze,
      fields: { Text: '{{c1::one}} {{c2::two}}' },
    })
    const other = await createNote(client, token, {
      deck_id: deck.id,
      template_id: ids.basic,
      fields: { Front: 'other' },
    })
    await client
      .post('/api/notes/bulk_freeze')
      .bearerToken(token)
      .json({ deck_id: deck.id, ids: [basic.id] })

    const response = await client
      .get('/api/notes/cards')
      .bearerToken(token)
      .qs({ deck_id: deck.id, ids: `${basic.id},${cloze.id}` })
    response.assertStatus(200)
    const cards = response.body().cards
    assert.deepEqual(
      cards.map((card: any) => [card.noteId, card.ord]),
      [
        [basic.id, 0],
        [cloze.id, 0],
        [cloze.id, 1],
      ]
    )
    for (const card of cards)
      assert.properties(card, [
        'id',
        'noteId',
        'deckId',
        'ord',
        'label',
        'front',
        'back',
        'state',
        'isFrozen',
      ])
    assert.isTrue(cards[0].isFrozen)
    assert.isFalse(cards[1].isFrozen)
    assert.equal(cards[1].state, 'new')
    assert.equal(cards[0].front, 'q')

    const all = await client.get('/api/notes/cards').bearerToken(token).qs({ deck_id: deck.id })
    assert.lengthOf(all.body().cards, 4)
    assert.include(
      all.body().cards.map((card: any) => card.noteId),
      other.id
    )
    const bad = await client
      .get('/api/notes/cards')
      .bearerToken(token)
      .qs({ ids: `${basic.id}` })
    bad.assertStatus(422)
    assert.equal(bad.body().errors[0].field, 'deck_id')
  })

  test('GET notes/find_duplicates groups notes whose first field reads the same', async ({
    client,
    assert,
  }) => {
    const { token, ids, deck } = await setup(client)
    const sub = await createDeck(client, token, { name: 'Sub', parent_id: deck.id })
    const a = await createNote(client, token, {
      deck_id: deck.id,
      template_id: ids.basic,
      fields: { Front: 'Apple', Back: '1' },
    })
    const b = await createNote(client, token, {
      deck_id: sub.id,
      template_id: ids.basic,
      fields: { Front: '<b>apple</b>', Back: '2' },
    })
    const pear = await createNote(client, token, {
      deck_id: deck.id,
      template_id: ids.basic,
      fields: { Front: 'Pear', Back: '3' },
    })

    const groups = await client
      .get('/api/notes/find_duplicates')
      .bearerToken(token)
      .qs({ deck_id: deck.id })
    groups.assertStatus(200)
    assert.lengthOf(groups.body().groups, 1)
    assert.equal(groups.body().groups[0].text, 'apple')
    assert.deepEqual(
      groups.body().groups[0].notes.map((note: any) => note.id),
      [a.id, b.id]
    )

    const query = await client
      .get('/api/notes/find_duplicates')
      .bearerToken(token)
      .qs({ deck_id: deck.id, query: '  PEAR ' })
    query.assertStatus(200)
    assert.deepEqual(
      query.body().groups.map((found: any) => found.notes.map((note: any) => note.id)),
      [[pear.id]]
    )
    const none = await client
      .get('/api/notes/find_duplicates')
      .bearerToken(token)
      .qs({ deck_id: deck.id, query: 'plum' })
    assert.deepEqual(none.body().groups, [])
  })
})

test.group('API notes: access', (group) => {
  group.each.setup(() => resetState())

  test('every notes call answers 401 without a token', async ({ client, assert }) => {
    const { token, ids, deck } = await setup(client)
    const note = await createNote(client, token, {
      deck_id: deck.id,
      template_id: ids.basic,
      fields: { Front: 'q' },
    })
    const before = await snapshot()
    const selection = { deck_id: deck.id, ids: [note.id] }
    for (const call of [
      client.get('/api/notes').qs({ deck_id: deck.id }),
      client
        .post('/api/notes')
        .json({ note: { deck_id: deck.id, template_id: ids.basic, fields: { Front: 'x' } } }),
      client
        .post('/api/notes/preview')
        .json({ note: { deck_id: deck.id, template_id: ids.basic, fields: { Front: 'x' } } }),
      client
        .post('/api/notes/bulk_create')
        .json({ deck_id: deck.id, import_data: [{ front: 'a', back: 'b' }] }),
      client.get('/api/notes/cards').qs({ deck_id: deck.id }),
      client.get('/api/notes/find_duplicates').qs({ deck_id: deck.id }),
      client.delete('/api/notes/bulk_destroy').json(selection),
      client.post('/api/notes/bulk_freeze').json(selection),
      client.post('/api/notes/bulk_unfreeze').json(selection),
      client.post('/api/notes/bulk_move').json({ ...selection, destination_deck_id: deck.id }),
      client.post('/api/notes/bulk_duplicate').json(selection),
      client.post('/api/notes/bulk_action').json({ ...selection, bulk_action: 'freeze' }),
      client.get(`/api/notes/${note.id}`),
      client.put(`/api/notes/${note.id}`).json({ note: { fields: { Front: 'x' } } }),
      client
        .post('/api/card_attachments')
        .field('deck_id', String(deck.id))
        .file('file', Buffer.from('x'), { filename: 'a.png' }),
    ]) {
      const response = await call
      response.assertStatus(401)
      assertErrorBody(assert, response.body(), 'E_UNAUTHORIZED')
    }
    assert.deepEqual(await snapshot(), before)
  })

  test("a second user gets 404 for the first user's notes and deck, and nothing changes", async ({
    client,
    assert,
  }) => {
    const owner = await setup(client)
    const other = await signIn()
    const mine = await createDeck(client, other.token, { name: 'Mine' })
    const note = await createNote(client, owner.token, {
      deck_id: owner.deck.id,
      template_id: owner.ids.basic,
      fields: { Front: 'secret', Back: 'x' },
    })
    const myNote = await createNote(client, other.token, {
      deck_id: mine.id,
      template_id: owner.ids.basic,
      fields: { Front: 'mine' },
    })
    const before = await snapshot()
    const deckId = owner.deck.id
    for (const call of [
      client.get(`/api/notes/${note.id}`),
      client.put(`/api/notes/${note.id}`).json({ note: { fields: { Front: 'hacked' } } }),
      client.get('/api/notes').qs({ deck_id: deckId }),
      client.post('/api/notes').json({
        note: { deck_id: deckId, template_id: owner.ids.basic, fields: { Front: 'intruder' } },
      }),
      client
        .post('/api/notes/preview')
        .json({ note: { deck_id: deckId, template_id: owner.ids.basic, fields: { Front: 'x' } } }),
      client
        .post('/api/notes/bulk_create')
        .json({ deck_id: deckId, import_data: [{ front: 'a', back: 'b' }] }),
      client.get('/api/notes/cards').qs({ deck_id: deckId }),
      client.get('/api/notes/find_duplicates').qs({ deck_id: deckId }),
      client.delete('/api/notes/bulk_destroy').json({ deck_id: deckId, ids: [note.id] }),
      client.delete('/api/notes/bulk_destroy').json({ deck_id: deckId, select_all: true }),
      client.post('/api/notes/bulk_freeze').json({ deck_id: deckId, select_all: true }),
      client.post('/api/notes/bulk_unfreeze').json({ deck_id: deckId, ids: [note.id] }),
      client
        .post('/api/notes/bulk_move')
        .json({ deck_id: deckId, ids: [note.id], destination_deck_id: mine.id }),
      client
        .post('/api/notes/bulk_move')
        .json({ deck_id: mine.id, ids: [myNote.id], destination_deck_id: deckId }),
      client.post('/api/notes/bulk_duplicate').json({ deck_id: deckId, ids: [note.id] }),
      client
        .post('/api/notes/bulk_action')
        .json({ deck_id: deckId, ids: [note.id], bulk_action: 'reverse' }),
      /* the other user's own deck as the selection's deck does not open the first user's notes */
      client.delete('/api/notes/bulk_destroy').json({ deck_id: mine.id, ids: [note.id] }),
      client
        .post('/api/notes/bulk_action')
        .json({ deck_id: mine.id, ids: [myNote.id, note.id], bulk_action: 'freeze' }),
    ]) {
      const response = await call.bearerToken(other.token)
      response.assertStatus(404)
      assertErrorBody(assert, response.body(), 'E_NOT_FOUND')
    }
    assert.deepEqual(await snapshot(), before)
    const shown = await client.get(`/api/notes/${note.id}`).bearerToken(owner.token)
    assert.deepEqual(shown.body().fields, { 0: 'secret', 1: 'x' })
  })
})
