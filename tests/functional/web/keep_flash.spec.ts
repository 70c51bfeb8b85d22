import { test } from '@japa/runner'
import { Session } from '@adonisjs/session'
import { createDeck } from '#actions/decks/create_deck'
import type Deck from '#models/deck'
import NoteType from '#models/note_type'
import { resetState } from '#tests/support/helpers'
import { pageCall, signedIn, WebSession } from '#tests/support/web_session'

/*
 * The keepFlash route middleware (start/kernel.ts): a form's redirect leaves
 * its toast in the session for the next page load, and the page's own JSON
 * calls (a preview, a poll, an answer) may land in between. Reading the
 * session ends the flash, so without the middleware such a call would take
 * the toast with it.
 */

const basicTypeId = async () =>
  (await NoteType.query().whereNull('user_id').where('kind', 'basic').firstOrFail()).id

/** One JSON call of each route group that keeps the flash, as the pages send them (failing ones too). */
const calls = (deck: Deck, basic: number) => [
  { group: 'learning', method: 'GET', path: `/learn/${deck.id}/cards` },
  {
    group: 'notes',
    method: 'POST',
    path: '/notes/preview',
    body: { deck_id: deck.id, template_id: basic, fields: { Front: 'next' } },
  },
  { group: 'media', method: 'GET', path: '/notes/image_search?q=cell' },
  { group: 'imports', method: 'POST', path: '/deck_imports/preview', body: { text: 'a\tb' } },
  { group: 'decks', method: 'GET', path: `/decks/${deck.id}/algorithm` },
  { group: 'client', method: 'POST', path: '/feedback/request/dismiss' },
  { group: 'ai (a 404)', method: 'GET', path: '/ai/streams/999999' },
  { group: 'imports (a 422)', method: 'POST', path: '/deck_imports/preview', body: { text: '' } },
]

test.group('Web: JSON calls keep the flash meant for the page', (group) => {
  group.each.setup(() => resetState())

  test("a toast survives any of the page's JSON calls, and is shown once", async ({ assert }) => {
    const { user, web } = await signedIn('ana@example.test')
    const deck = await createDeck(user, { name: 'Biology' })
    const basic = await basicTypeId()
    await web.get('/')
    for (const call of calls(deck, basic)) {
      await web.put(`/decks/${deck.id}`, { deck: { name: 'Biology' } })
      const answer = await pageCall(web, call.method, call.path, call.body)
      assert.notEqual(answer.status, 401, call.group)
      const landed = WebSession.page((await web.get('/')).text)
      assert.equal(landed.props.flash.success, 'Deck saved', call.group)
      /* the page visit showed it: the next one does not show it again */
      const again = WebSession.page((await web.get('/')).text)
      assert.isNull(again.props.flash.success, call.group)
    }
  })

  test('without a JSON call between them, the page takes the toast as before; a page visit keeps nothing', async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const deck = await createDeck(user, { name: 'Biology' })
    await web.get('/')
    await web.put(`/decks/${deck.id}`, { deck: { name: 'Biology' } })
    /* a page of the same route group, opened in between: it shows the toast, and so ends it */
    const between = WebSession.page((await web.get(`/decks/${deck.id}/learn`)).text)
    assert.equal(between.props.flash.success, 'Deck saved')
    assert.isNull(WebSession.page((await web.get('/')).text).props.flash.success)
  })

  test("a JSON call that read the session before a form's post landed does not write over its toast", async ({
    assert,
    cleanup,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const deck = await createDeck(user, { name: 'Biology' })
    const basic = await basicTypeId()
    await web.get(`/decks/${deck.id}/notes/new`)

    /*
     * The race as the editor runs it: its preview has read the session (no
     * flash yet) and is still on its way when Add's post answers with "Card
     * added"; the preview then ends. Its session is held just before it is
     * saved, until the post has answered.
     */
    let reached!: () => void
    const atCommit = new Promise<void>((resolve) => (reached = resolve))
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    const commit = Session.prototype.commit
    let held = false
    Session.prototype.commit = async function (this: Session) {
      if (!held) {
        held = true
        reached()
        await released
      }
      return commit.call(this)
    }
    cleanup(() => {
      Session.prototype.commit = commit
    })
    const preview = pageCall(web, 'POST', '/notes/preview', {
      deck_id: deck.id,
      template_id: basic,
      fields: { Front: 'Portugal' },
    })
    await atCommit
    const added = await web.post(`/decks/${deck.id}/notes`, {
      template_id: basic,
      fields: { Front: 'Portugal', Back: 'Lisbon' },
    })
    assert.equal(added.status, 302)
    release()
    assert.equal((await preview).status, 200)

    const landed = WebSession.page((await web.get(`/decks/${deck.id}/notes/new`)).text)
    assert.equal(landed.props.flash.success, 'Card added')
  })
})
