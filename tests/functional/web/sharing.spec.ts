import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createDeck } from '#actions/decks/create_deck'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import { makeUser, PASSWORD, resetState } from '#tests/support/helpers'
import { partialProps, signedIn, WebSession } from '#tests/support/web_session'

const page = async (web: WebSession, path: string) => {
  const response = await web.get(path)
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status}`)
  return WebSession.page(response.text)
}

test.group('Web: sharing a deck', (group) => {
  group.each.setup(() => resetState())

  test('the owner turns sharing on in the dialog; a visitor signs in from the join page, joins and studies', async ({
    assert,
  }) => {
    const { user: owner, web: ownerWeb } = await signedIn('owner@example.test')
    const deck = await createDeck(owner, { name: 'Biology' })
    await createDeck(owner, { name: 'Cells', parent_id: deck.id })
    await bulkCreateNotes(owner, {
      deck_id: deck.id,
      import_data: [
        { front: 'Mitochondria', back: 'Powerhouse' },
        { front: 'Ribosome', back: 'Proteins' },
      ],
    })

    const closed = await page(ownerWeb, `/decks/${deck.id}`)
    assert.notProperty(closed.props, 'sharing', 'the dialog loads its data when it opens')
    const off = await partialProps(ownerWeb, `/decks/${deck.id}`, 'sharing')
    assert.deepInclude(off.sharing, {
      rootDeckId: deck.id,
      enabled: false,
      link: null,
      role: 'owner',
    })
    assert.deepEqual(
      off.sharing.deckCollaborators.map((person: any) => [person.role, person.user.id]),
      [['owner', owner.id]]
    )

    const turned = await ownerWeb.put(`/decks/${deck.id}`, { deck: { sharing_enabled: true } })
    assert.equal(turned.status, 302)
    const on = (await partialProps(ownerWeb, `/decks/${deck.id}`, 'sharing')).sharing
    assert.isTrue(on.enabled)
    const path = new URL(on.link).pathname
    assert.match(path, /^\/shared\/[A-Za-z0-9_-]{43}$/)
    /* the dialog offers the owner the <iframe> of the embed page, which only works while sharing is on */
    const token = path.split('/').pop()
    assert.include(on.embed.embedSnippet, `src="${new URL(on.link).origin}/embed/${token}"`)
    assert.isNull(off.sharing.embed)

    const visitor = new WebSession()
    const outside = await page(visitor, path)
    assert.equal(outside.component, 'sharing/join')
    assert.isFalse(outside.props.signedIn)
    assert.include(outside.props.sharedDeck, {
      name: 'Biology',
      cardsCount: 2,
      notesCount: 2,
      isLearningByCurrentUser: false,
    })
    assert.equal(outside.props.sharedDeck.ownedBy.id, owner.id)
    assert.lengthOf(outside.props.sharedDeck.subdecks, 1)
    assert.equal(outside.props.signInUrl, `/sign-in?next=${encodeURIComponent(path)}`)

    const learner = await makeUser({ email: 'learner@example.test' })
    await visitor.get(outside.props.signInUrl)
    const signIn = await visitor.post('/sign-in', { email: learner.email, password: PASSWORD })
    assert.equal(signIn.location, path, 'signing in comes back to the join page')
    const inside = await page(visitor, path)
    assert.isTrue(inside.props.signedIn)
    const joined = await visitor.post(`${path}/join`)
    assert.equal(joined.status, 302)
    assert.equal(joined.location, `/decks/${deck.id}`)
    assert.isTrue((await page(visitor, path)).props.sharedDeck.isLearningByCurrentUser)

    const home = await page(visitor, '/')
    assert.include(
      home.props.decks.map((item: any) => item.id),
      deck.id
    )
    const theirs = await partialProps(visitor, `/decks/${deck.id}`, 'sharing')
    assert.deepInclude(theirs.sharing, { enabled: true, link: null, role: 'viewer', embed: null })
    assert.deepEqual(
      theirs.sharing.deckCollaborators.map((person: any) => person.user.id),
      [owner.id, learner.id]
    )
    assert.equal(
      (await page(visitor, `/decks/${deck.id}/learn`)).component.startsWith('learn'),
      true
    )
  })

  test('the owner changes a role and removes a participant; a participant cannot; a dead link is a 404', async ({
    assert,
  }) => {
    const { user: owner, web: ownerWeb } = await signedIn('owner@example.test')
    const deck = await createDeck(owner, { name: 'Biology' })
    await ownerWeb.get(`/decks/${deck.id}`)
    await ownerWeb.put(`/decks/${deck.id}`, { deck: { sharing_enabled: true } })
    const token = (await db.from('decks').where('id', deck.id).first()).sharing_token
    const { user: learner, web } = await signedIn('learner@example.test')
    await web.get(`/shared/${token}`)
    await web.post(`/shared/${token}/join`)
    const row = await db
      .from('deck_collaborators')
      .where({ deck_id: deck.id, user_id: learner.id })
      .first()

    await web.get(`/decks/${deck.id}`)
    const refused = await web.delete(`/collaborators/${row.id}`)
    assert.equal(refused.status, 302, 'a refused form goes back with the reason')
    assert.equal(new URL(refused.location!, web.base).pathname, `/decks/${deck.id}`)
    assert.equal(
      (await page(web, `/decks/${deck.id}`)).props.flash.error,
      "Only the deck's owner can manage participants"
    )
    assert.equal((await db.from('deck_collaborators').where('id', row.id).first()).state, 'active')

    await ownerWeb.get(`/decks/${deck.id}`)
    assert.equal((await ownerWeb.put(`/collaborators/${row.id}`, { role: 'editor' })).status, 302)
    assert.equal((await db.from('deck_collaborators').where('id', row.id).first()).role, 'editor')
    assert.equal((await ownerWeb.delete(`/collaborators/${row.id}`)).status, 302)
    /* the removed participant's deck page says the deck is unavailable to them */
    assert.equal((await web.get(`/decks/${deck.id}`)).status, 410)
    await page(web, `/shared/${token}`)
    const again = await web.post(`/shared/${token}/join`)
    assert.equal(again.status, 302)
    assert.equal(
      (await page(web, `/shared/${token}`)).props.flash.error,
      'The owner removed you from this deck'
    )
    assert.equal((await db.from('deck_collaborators').where('id', row.id).first()).state, 'deleted')

    await ownerWeb.put(`/decks/${deck.id}`, { deck: { sharing_enabled: false } })
    assert.equal((await web.get(`/shared/${token}`)).status, 404)
  })
})
