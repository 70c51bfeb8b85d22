import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import { createDeck, signIn } from '#tests/support/content'

/*
 * Shared setup of the publishing tests: a deck with enough cards, a
 * moderator, a published and approved deck. Everything goes through the API
 * but granting moderation (the `user:admin` command's write) and adding a
 * collaborator (the sharing calls are another area's).
 */

export const DESCRIPTION =
  'A careful selection of the capitals of Europe, with their countries, for travellers.'

/** A deck with `count` one-card basic notes (by the API's bulk create), optionally some in a subdeck. */
export async function deckWithCards(
  client: ApiClient,
  token: string,
  name: string,
  count: number,
  inSubdeck = 0
) {
  const deck = await createDeck(client, token, { name })
  const rows = (from: number, n: number) =>
    Array.from({ length: n }, (_, i) => ({
      front: `${name} ${from + i}`,
      back: `answer ${from + i}`,
    }))
  const top = await client
    .post('/api/notes/bulk_create')
    .bearerToken(token)
    .json({ deck_id: deck.id, import_data: rows(0, count - inSubdeck) })
  if (top.status() !== 201) throw new Error(`bulk_create: ${top.status()} ${top.text()}`)
  let subdeck = null
  if (inSubdeck) {
    subdeck = await createDeck(client, token, { name: 'Part two', parent_id: deck.id })
    const sub = await client
      .post('/api/notes/bulk_create')
      .bearerToken(token)
      .json({ deck_id: subdeck.id, import_data: rows(count - inSubdeck, inSubdeck) })
    if (sub.status() !== 201) throw new Error(`bulk_create: ${sub.status()} ${sub.text()}`)
  }
  return { deck, subdeck }
}

export async function moderator() {
  const session = await signIn()
  await db.from('users').where('id', session.user.id).update({ is_admin: true })
  return session
}

export async function addCollaborator(deckId: number, userId: number, role: 'editor' | 'viewer') {
  const now = new Date()
  await db.table('deck_collaborators').insert({
    deck_id: deckId,
    user_id: userId,
    role,
    state: 'active',
    created_at: now,
    updated_at: now,
  })
}

export async function publish(
  client: ApiClient,
  token: string,
  deckId: number,
  name = 'European capitals'
) {
  const response = await client
    .post(`/api/decks/${deckId}/publish`)
    .bearerToken(token)
    .json({ name, description: DESCRIPTION })
  if (response.status() !== 201) throw new Error(`publish: ${response.status()} ${response.text()}`)
  return response.body()
}

export async function approve(client: ApiClient, token: string, revisionId: number) {
  const response = await client
    .post(`/api/moderation/deck_revisions/${revisionId}/approve`)
    .bearerToken(token)
  if (response.status() !== 200) throw new Error(`approve: ${response.status()} ${response.text()}`)
  return response.body()
}

/** An author's deck of `count` cards (some in a subdeck), published and approved: what the library shows. */
export async function liveDeck(client: ApiClient, count = 20, inSubdeck = 5) {
  const author = await signIn()
  const admin = await moderator()
  const { deck, subdeck } = await deckWithCards(client, author.token, 'Capitals', count, inSubdeck)
  const revision = await publish(client, author.token, deck.id)
  await approve(client, admin.token, revision.id)
  return { author, admin, deck, subdeck, revision, publicDeckId: revision.publicDeckId as number }
}

export async function cloneDeck(client: ApiClient, token: string, publicDeckId: number) {
  const response = await client
    .post('/api/library/clone_deck')
    .bearerToken(token)
    .json({ deck_id: publicDeckId, search_query: ' capitals ' })
  if (response.status() !== 201) throw new Error(`clone: ${response.status()} ${response.text()}`)
  return response.body()
}
