import { test } from '@japa/runner'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { signedIn, pageCall as call } from '#tests/support/web_session'
import { aiState, scriptAi, useAiDouble, useOffline } from '#tests/support/ai_server'

test.group("Web AI note templates (the editor popup's calls)", (group) => {
  group.each.setup(async () => {
    await resetState()
    useOffline()
  })
  group.teardown(() => useOffline())

  test('the list says which provider answers: offline by default, the configured one otherwise', async ({
    assert,
  }) => {
    const { web } = await signedIn()
    const offline = await call(web, 'GET', '/ai_note_templates')
    assert.equal(offline.status, 200)
    assert.equal(offline.body.provider, 'offline')
    assert.lengthOf(offline.body.templates, 4)
    useAiDouble('openai')
    assert.equal((await call(web, 'GET', '/ai_note_templates')).body.provider, 'openai')
  })

  test("create, apply and delete through the session; another user's template is a 404", async ({
    assert,
  }) => {
    const { web } = await signedIn('ana@example.test')
    const { web: other } = await signedIn('bob@example.test')
    useAiDouble('anthropic')
    const created = await call(web, 'POST', '/ai_note_templates', {
      name: 'Caps',
      prompt: 'Upper-case the back.',
    })
    assert.equal(created.status, 201)
    scriptAi({ text: '{"Front": "hello", "Back": "WORLD"}' })
    const applied = await call(web, 'POST', `/ai_note_templates/${created.body.id}/apply`, {
      fields: { Front: 'hello', Back: 'world' },
    })
    assert.deepEqual(applied.body, { fields: { Front: 'hello', Back: 'WORLD' } })
    for (const [method, path, body] of [
      ['PUT', `/ai_note_templates/${created.body.id}`, { name: 'x', prompt: 'y' }],
      ['DELETE', `/ai_note_templates/${created.body.id}`, undefined],
      ['POST', `/ai_note_templates/${created.body.id}/apply`, { fields: { Front: 'a' } }],
    ] as const) {
      const refused = await call(other, method, path, body)
      assert.equal(refused.status, 404, `${method} ${path}`)
      assertErrorBody(assert, refused.body, 'E_NOT_FOUND')
    }
    assert.lengthOf(aiState.calls, 1)
    assert.equal((await call(web, 'DELETE', `/ai_note_templates/${created.body.id}`)).status, 204)
  })

  test('without the CSRF token every change is refused', async ({ assert }) => {
    const { web } = await signedIn()
    for (const [method, path, body] of [
      ['POST', '/ai_note_templates', { name: 'a', prompt: 'b' }],
      ['PATCH', '/ai_note_templates/improve', { prompt: 'b' }],
      ['POST', '/ai_note_templates/1/apply', { fields: { Front: 'a' } }],
      ['DELETE', '/ai_note_templates/1', undefined],
    ] as const) {
      const response = await call(web, method, path, body, { csrf: false })
      assert.equal(response.status, 403, `${method} ${path}`)
      assertErrorBody(assert, response.body, 'E_BAD_CSRF_TOKEN')
    }
  })

  test('signed out, the calls are refused', async ({ assert }) => {
    const response = await fetch(
      `http://${process.env.HOST}:${process.env.PORT}/ai_note_templates`,
      { headers: { accept: 'application/json' }, redirect: 'manual' }
    )
    assert.equal(response.status, 401)
  })
})
