import type { ApiClient } from '@japa/api-client'
import { createDeck, signIn, type Session } from '#tests/support/content'

/*
 * Shared setup of the sharing tests: an owner with a shared root deck, and
 * the calls the apps make to join it and manage its participants.
 */

export async function share(client: ApiClient, session: Session, deckId: number, enabled = true) {
  const response = await client
    .put(`/api/decks/${deckId}`)
    .bearerToken(session.token)
    .json({ deck: { sharing_enabled: enabled } })
  if (response.status() !== 200)
    throw new Error(`share ${enabled}: ${response.status()} ${response.text()}`)
  return response.body()
}

export async function join(client: ApiClient, session: Session, token: string) {
  return client
    .post('/api/deck_collaborators')
    .bearerToken(session.token)
    .json({ user_id: session.user.id, sharing_token: token })
}

/** An owner with a shared root deck (and its subdeck), and its live token. */
export async function sharedDeck(client: ApiClient, name = 'Shared biology') {
  const owner = await signIn()
  const deck = await createDeck(client, owner.token, { name })
  const sub = await createDeck(client, owner.token, { name: 'Cells', parent_id: deck.id })
  const shown = await share(client, owner, deck.id)
  return {
    owner,
    deck,
    sub,
    token: shown.sharingToken as string,
    link: shown.sharingLink as string,
  }
}

/** A learner who joined the deck (and the row they got). */
export async function participant(
  client: ApiClient,
  token: string,
  role?: 'editor' | 'viewer',
  owner?: Session
) {
  const session = await signIn()
  const response = await join(client, session, token)
  if (response.status() !== 201) throw new Error(`join: ${response.status()} ${response.text()}`)
  const row = response.body().deckCollaborator
  if (role && role !== 'viewer' && owner) {
    const changed = await client
      .put(`/api/deck_collaborators/${row.id}`)
      .bearerToken(owner.token)
      .json({ role })
    if (changed.status() !== 200) throw new Error(`role: ${changed.status()} ${changed.text()}`)
  }
  return { ...session, collaboratorId: row.id as number }
}
