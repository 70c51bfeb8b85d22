import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createDeck } from '#actions/decks/create_deck'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import { OWN_PRESETS_MAX } from '#actions/card_presets/save_card_preset'
import { assertErrorBody, makeUser, resetState, tokenFor } from '#tests/support/helpers'
import { WebSession } from '#tests/support/web_session'

const FRAME = '.mnemo-card-frame'

async function learner(email = 'ana@example.test') {
  const user = await makeUser({ email })
  return { user, token: await tokenFor(user) }
}

test.group('API: card presets', (group) => {
  group.each.setup(() => resetState())

  test(
    'GET card_presets lists the built-in presets with every field of the entity, then the ' +
      "learner's own only",
    async ({ client, assert }) => {
      const { token } = await learner()
      const list = await client.get('/api/card_presets').bearerToken(token)
      list.assertStatus(200)
      const presets = list.body()
      assert.deepEqual(
        presets.map((p: any) => p.key),
        ['classic', 'notebook', 'book', 'code', 'readable']
      )
      const classic = presets[0]
      assert.isTrue(classic.isBuiltIn)
      assert.isNull(classic.userId)
      assert.equal(classic.fontFamily, 'default')
      assert.deepEqual(classic.fontSettings.desktop, {
        fontSize: 20,
        fontAlignment: 'center',
        lineSpacing: 1.5,
        characterSpacing: 0,
        wordSpacing: 0,
      })
      for (const field of [
        'cornerRadius',
        'borderThickness',
        'separatorThickness',
        'fontColor',
        'backgroundColor',
        'backgroundImageUrl',
        'cardBackgroundColor',
        'cardBackgroundImageUrl',
        'borderColor',
        'separatorColor',
        'separatorImageUrl',
        'dark',
        'customCss',
      ]) {
        assert.property(classic, field)
      }
      assert.equal(presets[3].fontFamily, 'sourceCodePro')

      /* another learner's preset is not listed */
      const other = await learner('eve@example.test')
      ;(
        await client
          .post('/api/card_presets')
          .bearerToken(other.token)
          .json({ card_preset: { name: 'Eve style' } })
      ).assertStatus(201)
      assert.lengthOf((await client.get('/api/card_presets').bearerToken(token)).body(), 5)
      ;(await client.get('/api/card_presets')).assertStatus(401)
    }
  )

  test(
    'an own preset: created, changed, deleted; its custom CSS kept as written and confined when ' +
      'cards get it',
    async ({ client, assert }) => {
      const { user, token } = await learner()
      const created = await client
        .post('/api/card_presets')
        .bearerToken(token)
        .json({
          card_preset: {
            name: 'Exam night',
            font_family: 'openDyslexic',
            font_settings: { phone: { fontSize: 24, fontAlignment: 'left' } },
            corner_radius: 20,
            colors: { fontColor: '#112233', cardBackgroundColor: '#fefefe' },
            dark: { fontColor: '#eeeeee' },
            custom_css:
              '@import url(https://evil.example/x.css); body { background: red } .cloze { color: #c2571a }',
          },
        })
      created.assertStatus(201)
      const preset = created.body()
      assert.equal(preset.userId, user.id)
      assert.isFalse(preset.isBuiltIn)
      assert.equal(preset.fontSettings.phone.fontSize, 24)
      assert.equal(preset.fontSettings.desktop.fontSize, 20)
      assert.equal(preset.fontColor, '#112233')
      assert.equal(preset.dark.fontColor, '#eeeeee')
      assert.include(preset.customCss, '@import')
      const stored = await db.from('card_presets').where('id', preset.id).firstOrFail()
      assert.notInclude(stored.scoped_css, 'evil.example')
      assert.include(stored.scoped_css, `${FRAME} {`)
      assert.include(stored.scoped_css, `${FRAME} .cloze`)

      const changed = await client
        .put(`/api/card_presets/${preset.id}`)
        .bearerToken(token)
        .json({ card_preset: { corner_radius: 4, colors: { fontColor: null } } })
      changed.assertStatus(200)
      assert.equal(changed.body().cornerRadius, 4)
      assert.isNull(changed.body().fontColor)
      assert.equal(changed.body().cardBackgroundColor, '#fefefe')
      assert.equal(changed.body().name, 'Exam night')

      ;(await client.delete(`/api/card_presets/${preset.id}`).bearerToken(token)).assertStatus(204)
      assert.isNull(await db.from('card_presets').where('id', preset.id).first())
    }
  )

  test('bad input is a 422 and writes nothing', async ({ client, assert }) => {
    const { token } = await learner()
    const bodies = [
      {},
      { card_preset: {} },
      { card_preset: { name: '' } },
      { card_preset: { name: 'x', font_family: 'comic' } },
      { card_preset: { name: 'x', colors: { fontColor: 'red; } body {' } } },
      { card_preset: { name: 'x', corner_radius: 999 } },
      { card_preset: { name: 'x', font_settings: { phone: { fontSize: 500 } } } },
      { card_preset: { name: 'x', font_settings: { desktop: { fontAlignment: 'justify' } } } },
      { card_preset: { name: 'x', custom_css: 'a'.repeat(20_001) } },
    ]
    for (const body of bodies) {
      const response = await client.post('/api/card_presets').bearerToken(token).json(body)
      response.assertStatus(422)
      assertErrorBody(assert, response.body(), 'E_VALIDATION_ERROR')
    }
    assert.equal(
      Number((await db.from('card_presets').whereNotNull('user_id').count('* as n').first()).n),
      0
    )
  })

  test("built-in presets and another learner's presets cannot be changed or deleted (404)", async ({
    client,
    assert,
  }) => {
    const { token } = await learner()
    const eve = await learner('eve@example.test')
    const hers = (
      await client
        .post('/api/card_presets')
        .bearerToken(eve.token)
        .json({ card_preset: { name: 'Eve style' } })
    ).body()
    const builtin = (await db.from('card_presets').where('key', 'classic').firstOrFail()).id
    for (const id of [hers.id, builtin, 999999, 'abc']) {
      ;(
        await client
          .put(`/api/card_presets/${id}`)
          .bearerToken(token)
          .json({ card_preset: { name: 'Mine now' } })
      ).assertStatus(404)
      ;(await client.delete(`/api/card_presets/${id}`).bearerToken(token)).assertStatus(404)
    }
    assert.equal(
      (await db.from('card_presets').where('id', hers.id).firstOrFail()).name,
      'Eve style'
    )
    assert.equal((await db.from('card_presets').where('id', builtin).firstOrFail()).name, 'Classic')
  })

  test(`at most ${OWN_PRESETS_MAX} own presets`, async ({ client, assert }) => {
    const { user, token } = await learner()
    await db.table('card_presets').multiInsert(
      Array.from({ length: OWN_PRESETS_MAX }, (_, i) => ({
        user_id: user.id,
        name: `Style ${i}`,
      }))
    )
    const refused = await client
      .post('/api/card_presets')
      .bearerToken(token)
      .json({ card_preset: { name: 'One more' } })
    refused.assertStatus(422)
    assertErrorBody(assert, refused.body(), 'E_TOO_MANY_PRESETS')
  })

  test(
    'a deck names a preset it may use; the learning start carries the appearance; deleting the preset leaves ' +
      'the default',
    async ({ client, assert }) => {
      const { user, token } = await learner()
      const deck = await createDeck(user, { name: 'Capitals' })
      await bulkCreateNotes(user, {
        deck_id: deck.id,
        import_data: [{ front: 'Capital of Peru?', back: 'Lima' }],
      })
      const code = (await db.from('card_presets').where('key', 'code').firstOrFail()).id
      const own = (
        await client
          .post('/api/card_presets')
          .bearerToken(token)
          .json({ card_preset: { name: 'Mine', custom_css: '.card b { color: #ff0000 }' } })
      ).body()
      const eve = await learner('eve@example.test')
      const hers = (
        await client
          .post('/api/card_presets')
          .bearerToken(eve.token)
          .json({ card_preset: { name: 'Eve style' } })
      ).body()

      ;(
        await client
          .put(`/api/decks/${deck.id}`)
          .bearerToken(token)
          .json({ deck: { card_preset_id: hers.id } })
      ).assertStatus(404)
      const set = await client
        .put(`/api/decks/${deck.id}`)
        .bearerToken(token)
        .json({ deck: { card_preset_id: code } })
      set.assertStatus(200)
      assert.equal(set.body().cardPresetId, code)

      const start = await client
        .get('/api/v2/learning/start')
        .bearerToken(token)
        .qs({ deck_id: deck.id })
      start.assertStatus(200)
      const appearance = start.body().cardAppearance
      assert.equal(appearance.cardPresetId, code)
      assert.equal(appearance.fontSettings.phone.fontFamily, 'sourceCodePro')
      assert.equal(appearance.fontSettings.phone.fontAlignment, 'left')
      assert.include(appearance.css, "url('/fonts/cards/sourceCodePro-400.woff2')")

      /* the deck's own sizes win over the preset's, per device */
      await client
        .put(`/api/decks/${deck.id}`)
        .bearerToken(token)
        .json({ deck: { font_settings: { phone: { size: 30, alignment: 'right' } } } })
      const sized = (
        await client.get('/api/v2/learning/start').bearerToken(token).qs({ deck_id: deck.id })
      ).body().cardAppearance
      assert.equal(sized.fontSettings.phone.fontSize, 30)
      assert.equal(sized.fontSettings.phone.fontAlignment, 'right')
      assert.equal(sized.fontSettings.desktop.fontSize, 18)

      await client
        .put(`/api/decks/${deck.id}`)
        .bearerToken(token)
        .json({ deck: { card_preset_id: own.id } })
      assert.include(
        (
          await client.get('/api/v2/learning/start').bearerToken(token).qs({ deck_id: deck.id })
        ).body().cardAppearance.css,
        `${FRAME} .card b`
      )
      await client.delete(`/api/card_presets/${own.id}`).bearerToken(token)
      const after = await client.get(`/api/decks/${deck.id}`).bearerToken(token)
      assert.isNull(after.body().cardPresetId)
      assert.isNull(
        (
          await client.get('/api/v2/learning/start').bearerToken(token).qs({ deck_id: deck.id })
        ).body().cardAppearance.cardPresetId
      )
    }
  )

  test('the web: the card style screen, its preview, own presets by JSON, and the fonts served from this site', async ({
    assert,
  }) => {
    const web = new WebSession()
    const user = await makeUser({ email: 'ana@example.test' })
    await web.get('/sign-in')
    await web.post('/sign-in', { email: 'ana@example.test', password: 'correct-horse-battery' })
    const deck = await createDeck(user, { name: 'Capitals' })
    const page = WebSession.page((await web.get(`/decks/${deck.id}/card-style`)).text)
    assert.equal(page.component, 'card_presets/card_style')
    assert.lengthOf(page.props.presets, 5)

    const preview = await web.post('/card-presets/preview', {
      card_preset: { font_family: 'tinos', custom_css: 'h1 { color: red } @import "x.css";' },
      deck_id: deck.id,
    })
    assert.equal(preview.status, 200)
    const css = JSON.parse(preview.text).css
    assert.include(css, `${FRAME} h1`)
    assert.notInclude(css, '@import')

    const eve = await makeUser({ email: 'eve@example.test' })
    const theirs = await createDeck(eve, { name: 'Private' })
    assert.equal((await web.get(`/decks/${theirs.id}/card-style`)).status, 404)
    assert.notEqual(
      (await web.post('/card-presets/preview', { card_preset: {}, deck_id: theirs.id })).status,
      200
    )

    const font = await fetch(`${web.base}/fonts/cards/openDyslexic-400.woff2`)
    assert.equal(font.status, 200)
    assert.equal(font.headers.get('content-type'), 'font/woff2')
    assert.equal(
      Buffer.from(await font.arrayBuffer())
        .subarray(0, 4)
        .toString('latin1'),
      'wOF2'
    )
    for (const path of [
      'indieFlower-700.woff2',
      'comic-400.woff2',
      '..%2F..%2Fpackage.json',
      'default-400.woff2',
    ]) {
      assert.equal((await fetch(`${web.base}/fonts/cards/${path}`)).status, 404, path)
    }
  })
})
