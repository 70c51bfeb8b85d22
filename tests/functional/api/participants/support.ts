import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import type { CollaboratorRole, CollaborationState } from '#models/deck_collaborator'
import { basicNote, createDeck, signIn } from '#tests/support/content'

/*
 * Setup of the participant tests. Joining a shared deck is the sharing
 * calls' business (built beside this): here a participant is a
 * deck_collaborators row written directly, as joining would leave it.
 */

export async function share(
  deck: { id: number },
  user: { id: number },
  role: CollaboratorRole = 'viewer',
  state: CollaborationState = 'active'
) {
  const [row] = await db
    .table('deck_collaborators')
    .insert({
      deck_id: deck.id,
      user_id: user.id,
      role,
      state,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('*')
  return row
}

export async function setCollaboration(
  deck: { id: number },
  user: { id: number },
  state: CollaborationState
) {
  await db
    .from('deck_collaborators')
    .where({ deck_id: deck.id, user_id: user.id })
    .update({ state })
}

export async function enableSharing(
  deck: { id: number },
  token: string | null = `tok${Math.random().toString(36).slice(2, 12)}`
) {
  await db
    .from('decks')
    .where('id', deck.id)
    .update({ sharing_enabled: token !== null, sharing_token: token })
  return token
}

/** An owner with a shared root deck (with a subdeck) of `cards` basic notes, and a participant of the given role. */
export async function sharedDeck(client: ApiClient, cards = 2, role: CollaboratorRole = 'viewer') {
  const owner = await signIn()
  const deck = await createDeck(client, owner.token, { name: 'Shared biology' })
  const sub = await createDeck(client, owner.token, { name: 'Cells', parent_id: deck.id })
  const notes = []
  for (let index = 1; index <= cards; index++)
    notes.push(
      await basicNote(client, owner.token, deck.id, `Question ${index}`, `Answer ${index}`)
    )
  const participant = await signIn()
  await share(deck, participant.user, role)
  return { owner, deck, sub, notes, participant }
}

export async function cardIdsOfTree(rootId: number) {
  const rows = await db
    .from('cards')
    .join('decks', 'decks.id', 'cards.deck_id')
    .where('decks.root_deck_id', rootId)
    .select('cards.id')
    .orderBy('cards.id')
  return rows.map((row) => row.id as number)
}
