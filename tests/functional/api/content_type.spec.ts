import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { signIn } from '#tests/support/content'

const base = () => `http://${process.env.HOST ?? 'localhost'}:${process.env.PORT}`
const deckJson = JSON.stringify({ deck: { name: 'x' } })

/* fetch itself: superagent gives a string body a type of its own */
function postDeck(token: string, body: string | Blob, headers: Record<string, string> = {}) {
  return fetch(`${base()}/api/decks`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', ...headers },
    body,
  })
}

test.group('API bodies: a Content-Type the server reads, or 415', (group) => {
  group.each.setup(() => resetState())

  test('POST decks with JSON sent as text/plain is 415 naming both types; no deck is made', async ({
    assert,
  }) => {
    const { token, user } = await signIn()
    const response = await postDeck(token, deckJson, { 'Content-Type': 'text/plain' })
    assert.equal(response.status, 415)
    const body = await response.json()
    assertErrorBody(assert, body, 'E_UNSUPPORTED_CONTENT_TYPE')
    assert.include(body.body, 'text/plain')
    assert.include(body.body, 'application/json')
    assert.lengthOf(await db.from('decks').where('user_id', user.id), 0)
  })

  test('POST decks with JSON and no Content-Type at all is 415 too', async ({ assert }) => {
    const { token, user } = await signIn()
    const response = await postDeck(token, new Blob([deckJson]))
    assert.equal(response.status, 415)
    const body = await response.json()
    assertErrorBody(assert, body, 'E_UNSUPPORTED_CONTENT_TYPE')
    assert.include(body.body, 'application/json')
    assert.lengthOf(await db.from('decks').where('user_id', user.id), 0)
  })

  test('the same body as application/json makes the deck; an empty POST needs no type', async ({
    assert,
  }) => {
    const { token } = await signIn()
    const made = await postDeck(token, deckJson, { 'Content-Type': 'application/json' })
    assert.equal(made.status, 201)
    const empty = await fetch(`${base()}/api/streaks/current_day_streak_shown`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    })
    assert.notEqual(empty.status, 415)
  })
})
