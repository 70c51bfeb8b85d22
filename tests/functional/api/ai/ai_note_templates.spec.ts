import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, makeUser, resetState, tokenFor } from '#tests/support/helpers'
import { aiState, scriptAi, useAiDouble, useOffline } from '#tests/support/ai_server'

/*
 * AI note templates through the API (spec 000 call table), the provider calls
 * (apply, improve) answered by the local OpenAI/Anthropic double through the
 * real adapters.
 */

async function signIn() {
  const user = await makeUser()
  return { user, token: await tokenFor(user) }
}

const BUILTIN_NAMES = ['Translate', 'Add an example sentence', 'Simplify', 'Add a mnemonic']

test.group('API AI note templates: list, create, change, delete', (group) => {
  group.each.setup(() => resetState())

  test("GET lists the four built-ins (default: true) in the reader's language, then the user's own", async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const empty = await client.get('/api/ai_note_templates').bearerToken(token)
    empty.assertStatus(200)
    assert.deepEqual(
      empty.body().map((template: any) => template.name),
      BUILTIN_NAMES
    )
    for (const template of empty.body()) {
      assert.properties(template, ['id', 'name', 'prompt', 'default'])
      assert.isTrue(template.default)
      assert.isAbove(template.prompt.length, 20)
    }

    const created = await client
      .post('/api/ai_note_templates')
      .bearerToken(token)
      .json({ name: '  Latin roots  ', prompt: ' Add the Latin root of the word to the back. ' })
    created.assertStatus(201)
    assert.deepInclude(created.body(), {
      name: 'Latin roots',
      prompt: 'Add the Latin root of the word to the back.',
      default: false,
    })

    const german = await client
      .get('/api/ai_note_templates')
      .bearerToken(token)
      .header('Accept-Language', 'de')
    assert.deepEqual(
      german.body().map((template: any) => template.name),
      [
        'Übersetzen',
        'Beispielsatz hinzufügen',
        'Vereinfachen',
        'Eselsbrücke hinzufügen',
        'Latin roots',
      ]
    )
    assert.include(german.body()[0].prompt, 'ins Deutsche')
  })

  test("PUT changes one's own template; DELETE removes it", async ({ client, assert }) => {
    const { token } = await signIn()
    const { id } = (
      await client
        .post('/api/ai_note_templates')
        .bearerToken(token)
        .json({ name: 'A', prompt: 'Do a.' })
    ).body()
    const updated = await client
      .put(`/api/ai_note_templates/${id}`)
      .bearerToken(token)
      .json({ name: 'B', prompt: 'Do b.' })
    updated.assertStatus(200)
    assert.deepEqual(updated.body(), { id, name: 'B', prompt: 'Do b.', default: false })
    const deleted = await client.delete(`/api/ai_note_templates/${id}`).bearerToken(token)
    deleted.assertStatus(204)
    const list = await client.get('/api/ai_note_templates').bearerToken(token)
    assert.notInclude(
      list.body().map((template: any) => template.id),
      id
    )
    ;(await client.delete(`/api/ai_note_templates/${id}`).bearerToken(token)).assertStatus(404)
  })

  test("another user's template is a 404 on put, delete and apply, and stays as it was", async ({
    client,
    assert,
  }) => {
    const owner = await signIn()
    const other = await signIn()
    const { id } = (
      await client
        .post('/api/ai_note_templates')
        .bearerToken(owner.token)
        .json({ name: 'Mine', prompt: 'Do mine.' })
    ).body()
    useAiDouble('openai')
    try {
      for (const response of [
        await client
          .put(`/api/ai_note_templates/${id}`)
          .bearerToken(other.token)
          .json({ name: 'Stolen', prompt: 'x' }),
        await client.delete(`/api/ai_note_templates/${id}`).bearerToken(other.token),
        await client
          .post(`/api/ai_note_templates/${id}/apply`)
          .bearerToken(other.token)
          .json({ fields: { Front: 'a', Back: 'b' } }),
      ]) {
        response.assertStatus(404)
        assertErrorBody(assert, response.body(), 'E_NOT_FOUND')
      }
      assert.lengthOf(aiState.calls, 0)
    } finally {
      useOffline()
    }
    const list = await client.get('/api/ai_note_templates').bearerToken(other.token)
    assert.notInclude(
      list.body().map((template: any) => template.id),
      id
    )
    const row = await db.from('ai_note_templates').where('id', id).first()
    assert.equal(row.name, 'Mine')
  })

  test('a built-in cannot be changed or deleted (403), but is there for everyone', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const [builtin] = (await client.get('/api/ai_note_templates').bearerToken(token)).body()
    const put = await client
      .put(`/api/ai_note_templates/${builtin.id}`)
      .bearerToken(token)
      .json({ name: 'Mine now', prompt: 'x' })
    put.assertStatus(403)
    assertErrorBody(assert, put.body(), 'E_FORBIDDEN')
    ;(await client.delete(`/api/ai_note_templates/${builtin.id}`).bearerToken(token)).assertStatus(
      403
    )
    const { token: other } = await signIn()
    assert.equal(
      (await client.get('/api/ai_note_templates').bearerToken(other)).body()[0].name,
      'Translate'
    )
  })

  test('validation: name and prompt required, trimmed, bounded; nothing is written', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    for (const [body, field] of [
      [{}, 'name'],
      [{ name: '   ', prompt: 'ok' }, 'name'],
      [{ name: 'x'.repeat(101), prompt: 'ok' }, 'name'],
      [{ name: 'ok' }, 'prompt'],
      [{ name: 'ok', prompt: '  ' }, 'prompt'],
      [{ name: 'ok', prompt: 'x'.repeat(2001) }, 'prompt'],
      [{ name: 42, prompt: 'ok' }, 'name'],
    ] as const) {
      const response = await client.post('/api/ai_note_templates').bearerToken(token).json(body)
      response.assertStatus(422)
      assert.include(
        response.body().errors.map((error: any) => error.field),
        field
      )
    }
    const [{ count }] = await db
      .from('ai_note_templates')
      .whereNotNull('user_id')
      .count('* as count')
    assert.equal(Number(count), 0)
    ;(
      await client
        .put('/api/ai_note_templates/abc')
        .bearerToken(token)
        .json({ name: 'a', prompt: 'b' })
    ).assertStatus(404)
  })

  test('a user keeps at most 100 templates of their own (E_AI_TEMPLATE_LIMIT)', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    await db.table('ai_note_templates').multiInsert(
      Array.from({ length: 100 }, (_, index) => ({
        user_id: user.id,
        name: `T${index}`,
        prompt: 'p',
      }))
    )
    const response = await client
      .post('/api/ai_note_templates')
      .bearerToken(token)
      .json({ name: 'One more', prompt: 'p' })
    response.assertStatus(422)
    assertErrorBody(assert, response.body(), 'E_AI_TEMPLATE_LIMIT')
  })

  test('every call needs a signed-in user', async ({ client }) => {
    ;(await client.get('/api/ai_note_templates')).assertStatus(401)
    ;(await client.post('/api/ai_note_templates').json({ name: 'a', prompt: 'b' })).assertStatus(
      401
    )
    ;(await client.patch('/api/ai_note_templates/improve').json({ prompt: 'b' })).assertStatus(401)
  })
})

for (const provider of ['openai', 'anthropic'] as const) {
  test.group(`API AI note templates: apply and improve (${provider} double)`, (group) => {
    group.each.setup(async () => {
      await resetState()
      return useAiDouble(provider)
    })

    test(
      "apply sends the template's prompt and the card, and answers the rewritten fields (sanitized, " +
        'nothing saved)',
      async ({ client, assert }) => {
        const { token } = await signIn()
        const [translate] = (await client.get('/api/ai_note_templates').bearerToken(token)).body()
        scriptAi({
          text: '{"Front": "<b>Das Haus</b>", "Back": "the house<script>alert(1)</script>"}',
        })
        const response = await client
          .post(`/api/ai_note_templates/${translate.id}/apply`)
          .bearerToken(token)
          .header('Accept-Language', 'de')
          .json({
            fields: { Front: '<b>The house</b>', Back: 'das Haus' },
            field_attachments_map: null,
            reverse: true,
          })
        response.assertStatus(200)
        assert.deepEqual(response.body(), {
          fields: { Front: '<b>Das Haus</b>', Back: 'the house' },
        })

        assert.lengthOf(aiState.calls, 1)
        const body = aiState.calls[0].body
        assert.isNotTrue(body.stream)
        const user = provider === 'openai' ? body.messages[1].content : body.messages[0].content
        assert.include(user, 'ins Deutsche')
        assert.include(user, '"Front":"<b>The house</b>"')
        assert.include(user, 'studied reversed')
      }
    )

    test('apply keeps fields with occlusion masks and fields the answer leaves out', async ({
      client,
      assert,
    }) => {
      const { token } = await signIn()
      const { id } = (
        await client
          .post('/api/ai_note_templates')
          .bearerToken(token)
          .json({ name: 'Caps', prompt: 'Upper-case everything.' })
      ).body()
      scriptAi({ text: 'Sure! {"Image": "<p>CHANGED</p>", "Header": "A HEADER"}' })
      const response = await client
        .post(`/api/ai_note_templates/${id}/apply`)
        .bearerToken(token)
        .json({
          fields: { Image: '<img src="/media/x.png">', Header: 'a header', Extra: 'extra' },
          field_attachments_map: {
            Image: { masks: [{ group: 1, x: 0.1, y: 0.1, width: 0.2, height: 0.2 }] },
          },
        })
      response.assertStatus(200)
      assert.deepEqual(response.body().fields, {
        Image: '<img src="/media/x.png">',
        Header: 'A HEADER',
        Extra: 'extra',
      })
      assert.notInclude(
        aiState.calls[0].body.messages?.[1]?.content ?? aiState.calls[0].body.messages[0].content,
        'x.png'
      )
    })

    test('an empty card cannot receive an AI template (422, no provider call)', async ({
      client,
      assert,
    }) => {
      const { token } = await signIn()
      const [translate] = (await client.get('/api/ai_note_templates').bearerToken(token)).body()
      for (const fields of [{}, { Front: '', Back: null }, { Front: '<p><br></p>', Back: '   ' }]) {
        const response = await client
          .post(`/api/ai_note_templates/${translate.id}/apply`)
          .bearerToken(token)
          .json({ fields })
        response.assertStatus(422)
        assertErrorBody(assert, response.body(), 'E_AI_TEMPLATE_EMPTY_CARD')
        assert.equal(response.body().title, 'An empty card cannot receive an AI template')
      }
      assert.lengthOf(aiState.calls, 0)
    })

    test('apply: validation errors name the field', async ({ client, assert }) => {
      const { token } = await signIn()
      const [translate] = (await client.get('/api/ai_note_templates').bearerToken(token)).body()
      for (const [body, field] of [
        [{}, 'fields'],
        [{ fields: 'text' }, 'fields'],
        [{ fields: { Front: 'a' }, reverse: 'sometimes' }, 'reverse'],
        [
          { fields: { Front: 'a' }, field_attachments_map: { Front: { masks: 'x' } } },
          'field_attachments_map.Front.masks',
        ],
      ] as const) {
        const response = await client
          .post(`/api/ai_note_templates/${translate.id}/apply`)
          .bearerToken(token)
          .json(body)
        response.assertStatus(422)
        assert.include(
          response.body().errors.map((error: any) => error.field),
          field
        )
      }
      assert.lengthOf(aiState.calls, 0)
    })

    test(
      'provider failures: rate limit 429 E_AI_RATE_LIMITED, outage 502 E_AI_PROVIDER, an answer with no ' +
        'JSON 502',
      async ({ client, assert }) => {
        const { token } = await signIn()
        const [translate] = (await client.get('/api/ai_note_templates').bearerToken(token)).body()
        const apply = () =>
          client
            .post(`/api/ai_note_templates/${translate.id}/apply`)
            .bearerToken(token)
            .json({ fields: { Front: 'a', Back: 'b' } })
        scriptAi({ status: 429 }, { status: 429 })
        const limited = await apply()
        limited.assertStatus(429)
        assertErrorBody(assert, limited.body(), 'E_AI_RATE_LIMITED')
        scriptAi({ status: 500 }, { status: provider === 'anthropic' ? 503 : 500 })
        const down = await apply()
        down.assertStatus(502)
        assertErrorBody(assert, down.body(), 'E_AI_PROVIDER')
        scriptAi({ text: 'I cannot do that.' })
        ;(await apply()).assertStatus(502)
        assert.lengthOf(aiState.calls, 5)
      }
    )

    test("improve returns the provider's wording of the prompt, given the example card", async ({
      client,
      assert,
    }) => {
      const { token } = await signIn()
      scriptAi({ text: '"Translate the back side into Spanish and keep it short."\n' })
      const response = await client
        .patch('/api/ai_note_templates/improve')
        .bearerToken(token)
        .json({ prompt: 'spanish pls', front_side: 'house', back_side: 'Haus' })
      response.assertStatus(200)
      assert.deepEqual(response.body(), {
        prompt: 'Translate the back side into Spanish and keep it short.',
      })
      const body = aiState.calls[0].body
      const user = provider === 'openai' ? body.messages[1].content : body.messages[0].content
      assert.include(user, 'spanish pls')
      assert.include(user, 'Example card front: house')
      const invalid = await client
        .patch('/api/ai_note_templates/improve')
        .bearerToken(token)
        .json({ prompt: '' })
      invalid.assertStatus(422)
      assert.include(
        invalid.body().errors.map((error: any) => error.field),
        'prompt'
      )
    })
  })
}

test.group('API AI note templates with no provider configured', (group) => {
  group.each.setup(async () => {
    await resetState()
    useOffline()
  })

  test('apply and improve answer 422 E_AI_NEEDS_PROVIDER; the list and editing still work', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const [translate] = (await client.get('/api/ai_note_templates').bearerToken(token)).body()
    const apply = await client
      .post(`/api/ai_note_templates/${translate.id}/apply`)
      .bearerToken(token)
      .json({ fields: { Front: 'a' } })
    apply.assertStatus(422)
    assertErrorBody(assert, apply.body(), 'E_AI_NEEDS_PROVIDER')
    /* their own words, not the open topic's ("An AI provider is needed for open topics") */
    assert.equal(apply.body().title, 'AI templates need an AI provider')
    const improve = await client
      .patch('/api/ai_note_templates/improve')
      .bearerToken(token)
      .json({ prompt: 'Translate' })
    improve.assertStatus(422)
    assertErrorBody(assert, improve.body(), 'E_AI_NEEDS_PROVIDER')
    assert.equal(improve.body().title, 'Improving a prompt needs an AI provider')
    ;(
      await client
        .post('/api/ai_note_templates')
        .bearerToken(token)
        .json({ name: 'a', prompt: 'b' })
    ).assertStatus(201)
  })
})
