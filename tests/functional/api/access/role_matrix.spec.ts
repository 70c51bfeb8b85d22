import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { resetState } from '#tests/support/helpers'
import { signedIn } from '#tests/support/web_session'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import { publishDeck } from '#actions/publishing/publish_deck'
import { basicNote, createDeck, signIn, templateIds, type Session } from '#tests/support/content'
import { start } from '../learning/support.js'

/*
 * The role matrix: every deck, note, card, collaborator and revision call,
 * made by the owner of a shared deck, an editor, a viewer and a stranger,
 * either works or is refused as the spec's roles say: a stranger never learns the deck exists
 * (404), a participant whose role does not allow the change gets a 403 with
 * the reason, and each call changes nothing when refused.
 *
 * Each call runs against a fresh tree (root, subdeck, a note with its card),
 * so a call that deletes or moves does not disturb the next.
 */
type Role = 'owner' | 'editor' | 'viewer' | 'stranger'
type Outcome = 'ok' | 403 | 404 | 422
type World = {
  root: any
  sub: any
  note: any
  cardId: number
  templates: Record<string, number>
  collaborators: { editor: number; viewer: number }
  revisionId: number
}
type Call = {
  name: string
  run: (client: ApiClient, token: string, world: World) => any
  expect: Record<Role, Outcome>
  /** what must hold after the call worked, for this role */
  after?: (world: World, role: Role) => Promise<unknown>
}

const stillThere = async (world: World) =>
  Boolean(await db.from('decks').where('id', world.root.id).first())

const VIEW: Record<Role, Outcome> = { owner: 'ok', editor: 'ok', viewer: 'ok', stranger: 404 }
const EDIT: Record<Role, Outcome> = { owner: 'ok', editor: 'ok', viewer: 403, stranger: 404 }
const MANAGE: Record<Role, Outcome> = { owner: 'ok', editor: 403, viewer: 403, stranger: 404 }
const ONLY_OWNER: Record<Role, Outcome> = { owner: 'ok', editor: 404, viewer: 404, stranger: 404 }
const DESCRIPTION =
  'A shared deck of questions and answers, published so that other learners can study it too.'

const CALLS: Call[] = [
  /* decks */
  {
    name: 'GET decks/{id}',
    expect: VIEW,
    run: (c, t, w) => c.get(`/api/decks/${w.root.id}`).bearerToken(t),
  },
  {
    name: 'PUT decks/{id} (root name)',
    expect: MANAGE,
    run: (c, t, w) =>
      c
        .put(`/api/decks/${w.root.id}`)
        .bearerToken(t)
        .json({ deck: { name: 'Renamed' } }),
  },
  {
    name: 'PUT decks/{id} (subdeck name)',
    expect: EDIT,
    run: (c, t, w) =>
      c
        .put(`/api/decks/${w.sub.id}`)
        .bearerToken(t)
        .json({ deck: { name: 'Renamed' } }),
  },
  {
    name: 'POST decks (subdeck)',
    expect: EDIT,
    run: (c, t, w) =>
      c
        .post('/api/decks')
        .bearerToken(t)
        .json({ deck: { name: 'New sub', parent_id: w.root.id } }),
  },
  /*
   * the spec: the owner deletes the deck for everyone; a participant deleting it leaves it (their progress
   * goes, the deck stays)
   */
  {
    name: 'DELETE decks/{id}',
    expect: VIEW,
    run: (c, t, w) => c.delete(`/api/decks/${w.root.id}`).bearerToken(t),
    after: async (w, role) => ({ deckStays: await stillThere(w), expected: role !== 'owner' }),
  },
  {
    name: 'DELETE decks/{id}/remove_shared_deck',
    expect: { owner: 422, editor: 'ok', viewer: 'ok', stranger: 404 },
    run: (c, t, w) => c.delete(`/api/decks/${w.root.id}/remove_shared_deck`).bearerToken(t),
    after: async (w) => ({ deckStays: await stillThere(w), expected: true }),
  },
  {
    name: 'POST decks/{id}/duplicate',
    expect: EDIT,
    run: (c, t, w) => c.post(`/api/decks/${w.sub.id}/duplicate`).bearerToken(t),
  },
  {
    name: 'POST decks/{id}/reset_progress',
    expect: VIEW,
    run: (c, t, w) => c.post(`/api/decks/${w.root.id}/reset_progress`).bearerToken(t),
  },
  {
    name: 'POST decks/{id}/archive',
    expect: MANAGE,
    run: (c, t, w) => c.post(`/api/decks/${w.root.id}/archive`).bearerToken(t),
  },
  {
    name: 'POST decks/move_deck',
    expect: MANAGE,
    run: (c, t, w) => c.post('/api/decks/move_deck').bearerToken(t).qs({ deck_id: w.sub.id }),
  },
  {
    name: 'GET algorithm_settings/{id}',
    expect: VIEW,
    run: (c, t, w) => c.get(`/api/algorithm_settings/${w.root.id}`).bearerToken(t),
  },
  {
    name: 'PUT algorithm_settings/{id}',
    expect: MANAGE,
    run: (c, t, w) =>
      c
        .put(`/api/algorithm_settings/${w.root.id}`)
        .bearerToken(t)
        .json({ algorithm_preset: 'languages' }),
  },
  /* notes */
  {
    name: 'GET notes?deck_id',
    expect: VIEW,
    run: (c, t, w) => c.get('/api/notes').bearerToken(t).qs({ deck_id: w.root.id }),
  },
  {
    name: 'GET notes/{id}',
    expect: VIEW,
    run: (c, t, w) => c.get(`/api/notes/${w.note.id}`).bearerToken(t),
  },
  {
    name: 'POST notes',
    expect: EDIT,
    run: (c, t, w) =>
      c
        .post('/api/notes')
        .bearerToken(t)
        .json({
          note: {
            deck_id: w.sub.id,
            template_id: w.templates.basic,
            fields: { Front: 'f', Back: 'b' },
          },
        }),
  },
  {
    name: 'PUT notes/{id}',
    expect: EDIT,
    run: (c, t, w) =>
      c
        .put(`/api/notes/${w.note.id}`)
        .bearerToken(t)
        .json({ note: { fields: { Front: 'changed', Back: 'b' } } }),
  },
  {
    name: 'DELETE notes/bulk_destroy',
    expect: EDIT,
    run: (c, t, w) =>
      c
        .delete('/api/notes/bulk_destroy')
        .bearerToken(t)
        .json({ deck_id: w.root.id, ids: [w.note.id] }),
  },
  {
    name: 'POST notes/bulk_freeze',
    expect: VIEW,
    run: (c, t, w) =>
      c
        .post('/api/notes/bulk_freeze')
        .bearerToken(t)
        .json({ deck_id: w.root.id, ids: [w.note.id] }),
  },
  {
    name: 'POST notes/bulk_move',
    expect: EDIT,
    run: (c, t, w) =>
      c
        .post('/api/notes/bulk_move')
        .bearerToken(t)
        .json({ deck_id: w.sub.id, ids: [w.note.id], destination_deck_id: w.root.id }),
  },
  /* collaborators: every participant sees who takes part; only the owner changes roles or removes someone */
  {
    name: 'GET deck_collaborators?deck_id',
    expect: VIEW,
    run: (c, t, w) => c.get('/api/deck_collaborators').bearerToken(t).qs({ deck_id: w.root.id }),
  },
  {
    name: 'PUT deck_collaborators/{id}',
    expect: MANAGE,
    run: (c, t, w) =>
      c
        .put(`/api/deck_collaborators/${w.collaborators.viewer}`)
        .bearerToken(t)
        .json({ role: 'editor' }),
  },
  {
    name: 'DELETE deck_collaborators/{id}',
    expect: MANAGE,
    run: (c, t, w) => c.delete(`/api/deck_collaborators/${w.collaborators.editor}`).bearerToken(t),
  },
  /* revisions: the author's; participants do not see them (moderators do: tests/functional/api/publishing) */
  {
    name: 'POST decks/{id}/publish',
    expect: MANAGE,
    run: (c, t, w) =>
      c
        .post(`/api/decks/${w.root.id}/publish`)
        .bearerToken(t)
        .json({ name: 'Shared', description: DESCRIPTION }),
  },
  {
    name: 'GET deck_revisions/{id}',
    expect: ONLY_OWNER,
    run: (c, t, w) => c.get(`/api/deck_revisions/${w.revisionId}`).bearerToken(t),
  },
  {
    name: 'POST deck_revisions/{id}/unpublish',
    expect: ONLY_OWNER,
    run: (c, t, w) => c.post(`/api/deck_revisions/${w.revisionId}/unpublish`).bearerToken(t),
  },
  /* cards */
  {
    name: 'GET v2/learning/start',
    expect: VIEW,
    run: (c, t, w) =>
      c
        .get('/api/v2/learning/start')
        .bearerToken(t)
        .qs({ deck_id: w.root.id, learn_session_start_timestamp: Date.now() }),
  },
  {
    name: 'PUT cards/{id}',
    expect: EDIT,
    run: (c, t, w) =>
      c
        .put(`/api/cards/${w.cardId}`)
        .bearerToken(t)
        .json({ fields: { Front: 'edited', Back: 'b' } }),
  },
  {
    name: 'DELETE cards/{id}/suspend',
    expect: VIEW,
    run: (c, t, w) => c.delete(`/api/cards/${w.cardId}/suspend`).bearerToken(t),
  },
  {
    name: 'GET cards/{id}/stats',
    expect: VIEW,
    run: (c, t, w) => c.get(`/api/cards/${w.cardId}/stats`).bearerToken(t),
  },
]

async function buildWorld(
  client: ApiClient,
  owner: Session,
  editor: { user: { id: number } },
  viewer: { user: { id: number } }
): Promise<World> {
  const root = await createDeck(client, owner.token, { name: 'Shared' })
  const sub = await createDeck(client, owner.token, { name: 'Chapter', parent_id: root.id })
  const note = await basicNote(client, owner.token, sub.id, 'question', 'answer')
  const { id: cardId } = await db.from('cards').where('note_id', note.id).select('id').firstOrFail()
  /* enough cards to publish (PUBLISH_MIN_CARDS, 20 by default) */
  await bulkCreateNotes(owner.user, {
    deck_id: root.id,
    import_data: Array.from({ length: 20 }, (_, index) => ({
      front: `q${index}`,
      back: `a${index}`,
    })),
  })
  const now = new Date()
  const [editorRow, viewerRow] = await db
    .table('deck_collaborators')
    .returning('id')
    .multiInsert([
      {
        deck_id: root.id,
        user_id: editor.user.id,
        role: 'editor',
        state: 'active',
        created_at: now,
        updated_at: now,
      },
      {
        deck_id: root.id,
        user_id: viewer.user.id,
        role: 'viewer',
        state: 'active',
        created_at: now,
        updated_at: now,
      },
    ])
  const revision = await publishDeck(owner.user, {
    name: 'Shared',
    description: DESCRIPTION,
    id: root.id,
  })
  return {
    root,
    sub,
    note,
    cardId,
    templates: await templateIds(client, owner.token),
    collaborators: { editor: editorRow.id, viewer: viewerRow.id },
    revisionId: revision.id,
  }
}

/** Everything of the tree a refused call must leave as it was. */
async function treeState(rootId: number) {
  const decks = await db
    .from('decks')
    .where('root_deck_id', rootId)
    .orderBy('id')
    .select('id', 'name', 'parent_id', 'state', 'algorithm_preset')
  const ids = decks.map((deck) => deck.id)
  const notes = await db
    .from('notes')
    .whereIn('deck_id', ids)
    .orderBy('id')
    .select('id', 'deck_id', 'fields')
  const progress = await db
    .from('card_progress')
    .whereIn('deck_id', ids)
    .orderBy('card_id')
    .select('user_id', 'card_id', 'frozen')
  return { decks, notes, progress }
}

test.group('Access: the role matrix of deck, note and card calls', (group) => {
  group.each.setup(() => resetState())

  test('owner, editor, viewer and stranger each get what their role allows, and a refusal changes nothing', async ({
    client,
    assert,
  }) => {
    const owner = await signIn()
    const sessions: Record<Role, Session> = {
      owner,
      editor: await signIn(),
      viewer: await signIn(),
      stranger: await signIn(),
    }
    const outcomes: string[] = []
    const expected: string[] = []
    for (const call of CALLS) {
      for (const role of Object.keys(sessions) as Role[]) {
        const world = await buildWorld(client, owner, sessions.editor, sessions.viewer)
        const before = await treeState(world.root.id)
        const response = await call.run(client, sessions[role].token, world)
        const status = response.status()
        const outcome: Outcome | number = status >= 200 && status < 300 ? 'ok' : status
        outcomes.push(`${call.name} as ${role}: ${outcome}`)
        expected.push(`${call.name} as ${role}: ${call.expect[role]}`)
        if (outcome === 403) {
          assert.equal(response.body().code, 'E_FORBIDDEN', `${call.name} as ${role}`)
          assert.isString(response.body().title)
        }
        if (outcome === 404)
          assert.equal(response.body().code, 'E_NOT_FOUND', `${call.name} as ${role}`)
        if (outcome !== 'ok')
          assert.deepEqual(
            await treeState(world.root.id),
            before,
            `${call.name} as ${role} changed nothing`
          )
        if (outcome === 'ok' && call.after) {
          const { deckStays, expected: stays } = (await call.after(world, role)) as {
            deckStays: boolean
            expected: boolean
          }
          assert.equal(
            deckStays,
            stays,
            `${call.name} as ${role}: the deck ${stays ? 'stays' : 'goes'}`
          )
        }
      }
    }
    assert.deepEqual(outcomes, expected)
  }).timeout(240_000)

  test("a viewer studies with their own progress: the owner's progress on the same card is untouched", async ({
    client,
    assert,
  }) => {
    const owner = await signIn()
    const editor = await signIn()
    const viewer = await signIn()
    const world = await buildWorld(client, owner, editor, viewer)
    const session = await start(client, viewer, world.root.id)
    const card = session.card ?? session.cards?.[0]
    assert.isNumber(card.id)
    const answered = await client.post('/api/v2/learning/answer').bearerToken(viewer.token).json({
      deck_id: world.root.id,
      card_id: card.id,
      answer: 'good',
      review_duration_ms: 3000,
      version: card.version,
    })
    answered.assertStatus(200)
    const rows = await db.from('card_progress').where('card_id', card.id).select('user_id', 'reps')
    assert.deepEqual(rows, [{ user_id: viewer.user.id, reps: 1 }])
    assert.equal(
      Number(
        (await db.from('review_logs').where('user_id', owner.user.id).count('* as n').first()).n
      ),
      0
    )
  })

  test('a participant whose collaboration is no longer active sees nothing of the deck, only why it is gone', async ({
    client,
    assert,
  }) => {
    const owner = await signIn()
    const editor = await signIn()
    const viewer = await signIn()
    const world = await buildWorld(client, owner, editor, viewer)
    for (const [state, reason] of [
      ['deleted', 'access_removed'],
      ['disabled', 'sharing_stopped'],
    ]) {
      await db.from('deck_collaborators').where('user_id', viewer.user.id).update({ state })
      const deck = await client.get(`/api/decks/${world.root.id}`).bearerToken(viewer.token)
      assert.equal(deck.status(), 410, `the deck with collaboration ${state}`)
      assert.equal(deck.body().code, 'E_DECK_UNAVAILABLE')
      assert.equal(deck.body().reason, reason)
      assert.notProperty(deck.body(), 'name', 'nothing of the deck itself')
      for (const path of [`/api/notes/${world.note.id}`, `/api/cards/${world.cardId}/stats`]) {
        const response = await client.get(path).bearerToken(viewer.token)
        assert.equal(response.status(), 404, `${path} with collaboration ${state}`)
      }
    }
  })
})

test.group('Access: the web door refuses as the API does', (group) => {
  group.each.setup(() => resetState())

  test(
    'a viewer opens the deck page but not the note editor, and a save is refused with the reason and ' +
      'changes nothing',
    async ({ client, assert }) => {
      const owner = await signIn()
      const editor = await signIn()
      const viewer = await signedIn('viewer@example.test')
      const world = await buildWorld(client, owner, editor, viewer)
      const before = await treeState(world.root.id)

      const page = await viewer.web.get(`/decks/${world.root.id}`)
      assert.equal(page.status, 200)
      const editorPage = await viewer.web.get(`/notes/${world.note.id}/edit`)
      assert.equal(editorPage.status, 302, 'the editor page is refused')
      const save = await viewer.web.put(`/notes/${world.note.id}`, {
        template_id: world.templates.basic,
        fields: { Front: 'changed by a viewer', Back: 'b' },
      })
      assert.equal(save.status, 302)
      const flashed = await viewer.web.get(new URL(save.location!, viewer.web.base).pathname)
      assert.include(flashed.text, 'You can study this deck but not change it')
      assert.deepEqual(await treeState(world.root.id), before)

      const stranger = await signedIn('stranger@example.test')
      assert.equal((await stranger.web.get(`/decks/${world.root.id}`)).status, 404)
      assert.equal((await stranger.web.get(`/notes/${world.note.id}/edit`)).status, 404)
    }
  )
})
