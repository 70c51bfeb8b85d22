import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ApiException from '#exceptions/api_exception'
import DeckCollaborator from '#models/deck_collaborator'
import User from '#models/user'
import type Deck from '#models/deck'
import CollaboratorPolicy from '#policies/collaborator_policy'
import { authorize } from '#services/authorize'
import { findDeck, idParam } from '#queries/decks/find_deck'

/**
 * A participant row through the deck that grants access: the row's root
 * deck must be one the caller sees (else a 404, whatever the id); the
 * caller's role comes with the deck for the policy.
 */
export async function findCollaborator(
  user: { id: number },
  id: unknown,
  trx?: TransactionClientContract
) {
  const query = DeckCollaborator.query({ client: trx }).where('id', idParam(id))
  if (trx) query.forUpdate()
  const collaborator = await query.first()
  if (!collaborator) throw ApiException.notFound()
  const deck = await findDeck(user, collaborator.deckId, trx)
  return { collaborator, deck }
}

/**
 * GET deck_collaborators: the owner (no row of their own, every page names
 * them) and one page of the active participants by the day they joined, id
 * breaking ties; `offset`, `limit` and `total` count participants only.
 * Any participant may read it.
 */
export async function listCollaborators(
  user: User,
  deckId: unknown,
  offset: number,
  limit: number
) {
  const found = await findDeck(user, deckId)
  await authorize(user, CollaboratorPolicy, 'list', found)
  const root: Deck = found.isRootDeck ? found : await findDeck(user, found.rootDeckId)
  const active = DeckCollaborator.query().where('deck_id', root.id).where('state', 'active')
  const [owner, total, rows] = await Promise.all([
    root.userId === user.id ? user : User.findOrFail(root.userId),
    active.clone().count('* as total').first(),
    active.clone().preload('user').orderBy('created_at').orderBy('id').offset(offset).limit(limit),
  ])
  return { deck: root, owner, rows, total: Number(total?.$extras.total ?? 0), offset, limit }
}

export type CollaboratorList = Awaited<ReturnType<typeof listCollaborators>>
