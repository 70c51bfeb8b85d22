import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import { createDeck } from '#actions/decks/create_deck'
import { makeUser, resetState } from '#tests/support/helpers'
import { signedIn, WebSession } from '#tests/support/web_session'
import { enableSharing, setCollaboration, share } from '#tests/functional/api/participants/support'

async function sharedWith(participant: { id: number }, role: 'viewer' | 'editor' = 'viewer') {
  const owner = await makeUser()
  const deck = await createDeck(owner, { name: 'Shared anatomy' })
  await bulkCreateNotes(owner, {
    deck_id: deck.id,
    import_data: [
      { front: 'Femur', back: 'Thigh bone' },
      { front: 'Tibia', back: 'Shin bone' },
    ],
  })
  await share(deck, participant, role)
  return { owner, deck }
}

test.group('Web participant: the shared deck in the home list, leaving it', (group) => {
  group.each.setup(() => resetState())

  test(
    'the home page lists the shared deck with its owner, so its menu offers "Leave deck"; leaving goes home ' +
      'with a notice',
    async ({ assert }) => {
      const { user, web } = await signedIn()
      const { owner, deck } = await sharedWith(user)
      const home = await web.visit('/')
      const decks = await home.props.decks
      const listed = (Array.isArray(decks) ? decks : []).find((d: any) => d.id === deck.id)
      assert.exists(listed, 'the shared deck is listed')
      assert.equal(listed.userId, owner.id)
      assert.equal(listed.totalCardsCount, 2)

      const left = await web.delete(`/decks/${deck.id}/shared`)
      assert.equal(left.status, 302)
      assert.equal(left.location, '/')
      assert.equal(
        Number(
          (await db.from('deck_collaborators').where('user_id', user.id).count('* as n').first()).n
        ),
        0
      )
      const after = await web.visit('/')
      assert.include(JSON.stringify(after.props.flash), 'You left the shared deck')
      assert.notInclude(
        (after.props.decks as any[]).map((d) => d.id),
        deck.id
      )
    }
  )

  test('the owner cannot leave on the web (the page shows why); a stranger gets a 404', async ({
    assert,
  }) => {
    const { user, web } = await signedIn()
    const deck = await createDeck(user, { name: 'Mine' })
    await share(deck, await makeUser())
    await web.get('/')
    const refused = await web.delete(`/decks/${deck.id}/shared`)
    assert.equal(refused.status, 302)
    const back = await web.visit(new URL(refused.location ?? '/', web.base).pathname)
    assert.include(JSON.stringify(back.props.flash), 'You own this deck')
    const stranger = await signedIn('stranger@example.test')
    const other = await stranger.web.delete(`/decks/${deck.id}/shared`)
    assert.equal(other.status, 404)
    assert.equal(
      Number(
        (await db.from('deck_collaborators').where('deck_id', deck.id).count('* as n').first()).n
      ),
      1
    )
  })

  test('a former participant opening the deck page sees why it is unavailable; a stranger the 404 page', async ({
    assert,
  }) => {
    const { user, web } = await signedIn()
    const { deck } = await sharedWith(user)
    await setCollaboration(deck, user, 'disabled')
    const response = await web.get(`/decks/${deck.id}`)
    assert.equal(response.status, 410, response.text.slice(0, 300))
    const page = WebSession.page(response.text)
    assert.equal(page.component, 'participants/unavailable')
    assert.equal(page.props.reason, 'sharing_stopped')
    assert.include(page.props.body, 'stopped sharing')
    /* the home page names it among the decks no longer available */
    const home = await web.visit('/')
    assert.deepEqual(home.props.unavailableDecks, [
      { id: deck.id, name: 'Shared anatomy', reason: 'sharing_stopped' },
    ])

    /* as the owner's delete leaves it (delete_deck.ts): the tree gone, a tombstone naming who took part */
    await db.from('decks').where('id', deck.id).delete()
    await db.table('shared_deck_tombstones').insert({
      deck_id: deck.id,
      deck_ids: [deck.id],
      user_ids: [user.id],
      deleted_at: new Date(),
    })
    const learn = await web.get(`/decks/${deck.id}/learn`)
    assert.equal(learn.status, 410, `${learn.status} ${learn.location} ${learn.text.slice(0, 200)}`)
    const gone = WebSession.page(learn.text)
    assert.equal(gone.component, 'participants/unavailable')
    assert.equal(gone.props.reason, 'deleted_by_owner')
    const stranger = await signedIn('stranger@example.test')
    const notFound = await stranger.web.get(`/decks/${deck.id}`)
    assert.equal(notFound.status, 404)
    assert.equal(WebSession.page(notFound.text).component, 'errors/not_found')
  })

  test("a participant saves their own daily limits from the settings form; the owner's deck keeps its own", async ({
    assert,
  }) => {
    const { user, web } = await signedIn()
    const { deck } = await sharedWith(user)
    await web.get(`/decks/${deck.id}?tab=settings`)
    const saved = await web.put(`/decks/${deck.id}`, {
      deck: { new_cards_per_day: 3, max_cards_per_day: 30 },
    })
    assert.equal(saved.status, 302)
    const row = await db
      .from('deck_collaborators')
      .where({ deck_id: deck.id, user_id: user.id })
      .first()
    assert.equal(row.new_cards_per_day, 3)
    assert.equal(row.max_cards_per_day, 30)
    assert.isNull((await db.from('decks').where('id', deck.id).first()).new_cards_per_day)
    const page = await web.visit(`/decks/${deck.id}?tab=settings`)
    assert.equal(page.props.deck.configuration.newCards.newCardsPerDay, 3)
    const stranger = await signedIn('stranger@example.test')
    const refused = await stranger.web.put(`/decks/${deck.id}`, { deck: { new_cards_per_day: 1 } })
    assert.equal(refused.status, 404)
  })

  test('the learning page of an empty shared deck says so', async ({ assert }) => {
    const { user, web } = await signedIn()
    const owner = await makeUser()
    const deck = await createDeck(owner, { name: 'Empty share' })
    await share(deck, user)
    const page = await web.visit(`/decks/${deck.id}/learn`)
    assert.equal(page.props.session.errorType, 'emptyDeck')
    assert.isTrue(page.props.session.sharedDeckEmpty)
  })
})

test.group('Web participant: embed', (group) => {
  group.each.setup(() => resetState())

  test(
    "/embed/{token} shows the shared deck's cards to anyone, and may be framed elsewhere (no " +
      'X-Frame-Options)',
    async ({ assert }) => {
      const owner = await makeUser()
      const deck = await createDeck(owner, { name: 'Embedded <b>deck</b>' })
      await bulkCreateNotes(owner, {
        deck_id: deck.id,
        import_data: [{ front: 'Femur', back: 'Thigh bone' }],
      })
      const token = await enableSharing(deck)
      const anonymous = new WebSession()
      const response = await anonymous.get(`/embed/${token}`)
      assert.equal(response.status, 200)
      assert.isNull(response.headers.get('x-frame-options'))
      /* the pages' whole policy, with only the framing opened */
      const policy = response.headers
        .get('content-security-policy')!
        .split(';')
        .map((part) => part.trim())
      assert.include(policy, 'frame-ancestors *')
      assert.include(policy, `object-src 'none'`)
      assert.lengthOf(
        policy.filter((part) => part.startsWith('frame-ancestors')),
        1
      )
      const page = WebSession.page(response.text)
      assert.equal(page.component, 'participants/embed')
      assert.isFalse(page.props.unavailable)
      assert.lengthOf(page.props.cards, 1)
      assert.include(page.props.cards[0].front, 'Femur')
      assert.include(page.props.cards[0].back, 'Thigh bone')
      /* every other page still refuses to be framed */
      assert.equal((await anonymous.get('/sign-in')).headers.get('x-frame-options'), 'DENY')
    }
  )

  test('sharing off, or a token that names nothing: the unavailable state, no cards', async ({
    assert,
  }) => {
    const owner = await makeUser()
    const deck = await createDeck(owner, { name: 'Private' })
    await bulkCreateNotes(owner, {
      deck_id: deck.id,
      import_data: [{ front: 'Secret', back: 'Stuff' }],
    })
    await db
      .from('decks')
      .where('id', deck.id)
      .update({ sharing_enabled: false, sharing_token: 'stoppedtoken1' })
    for (const path of ['/embed/stoppedtoken1', '/embed/nosuchtoken', '/embed/%00bad']) {
      const response = await new WebSession().get(path)
      assert.isBelow(response.status, 500)
      if (response.status !== 200) continue
      const page = WebSession.page(response.text)
      assert.isTrue(page.props.unavailable, path)
      assert.deepEqual(page.props.cards, [])
      assert.notInclude(response.text, 'Secret')
    }
  })

  test('the owner gets the snippet while sharing is on; a participant is refused, a stranger gets 404', async ({
    assert,
  }) => {
    const { user, web } = await signedIn()
    const deck = await createDeck(user, { name: 'Mine "quoted"' })
    const off = await web.request('GET', `/decks/${deck.id}/embed`)
    assert.notEqual(off.status, 200)
    const token = await enableSharing(deck)
    const response = await fetch(`${web.base}/decks/${deck.id}/embed`, {
      headers: {
        cookie: [...web.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        accept: 'application/json',
      },
    })
    assert.equal(response.status, 200)
    const body = await response.json()
    assert.equal(body.url, `${web.base}/embed/${token}`)
    assert.equal(
      body.embedSnippet,
      `<iframe src="${web.base}/embed/${token}" title="Mine &#34;quoted&#34;" width="100%" height="480" ` +
        `style="border:0" loading="lazy"></iframe>`
    )
    const participant = await signedIn('participant@example.test')
    await share(deck, participant.user, 'editor')
    const refused = await fetch(`${web.base}/decks/${deck.id}/embed`, {
      headers: {
        cookie: [...participant.web.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        accept: 'application/json',
      },
    })
    assert.equal(refused.status, 403)
    const stranger = await signedIn('stranger@example.test')
    const hidden = await fetch(`${web.base}/decks/${deck.id}/embed`, {
      headers: {
        cookie: [...stranger.web.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        accept: 'application/json',
      },
    })
    assert.equal(hidden.status, 404)
  })
})
