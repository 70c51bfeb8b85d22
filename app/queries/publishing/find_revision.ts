import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ApiException from '#exceptions/api_exception'
import DeckRevision from '#models/deck_revision'
import type User from '#models/user'
import RevisionPolicy from '#policies/revision_policy'
import { authorize } from '#services/authorize'
import { idParam } from '#queries/decks/find_deck'

/**
 * A revision its author or a moderator may see (a 404 for anyone else),
 * then the ability checked (a 403). Inside a transaction its row is locked.
 */
export async function findRevision(
  user: User,
  id: unknown,
  trx?: TransactionClientContract,
  ability: 'view' | 'unpublish' | 'moderate' = 'view'
) {
  const query = DeckRevision.query({ client: trx }).where('id', idParam(id))
  if (!user.isAdmin) query.where('user_id', user.id)
  if (trx) query.forUpdate()
  const revision = await query.first()
  if (!revision) throw ApiException.notFound()
  await authorize(user, RevisionPolicy, ability, revision)
  return revision
}

/** Moderation is invisible to everyone but moderators: a 404, not a 403. */
export async function assertModerator(user: User) {
  if (!user.isAdmin) throw ApiException.notFound()
  await authorize(user, RevisionPolicy, 'moderate')
}
