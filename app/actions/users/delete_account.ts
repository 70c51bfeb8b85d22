import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import ApiException from '#exceptions/api_exception'
import { removeStoredFiles } from '#services/stored_files'
import { buryShared } from '#actions/decks/delete_deck'
import { cancelSubscriptionsOf } from '#actions/payments/cancel_subscriptions'
import { afterCommit, withTransaction, type ActionOptions } from '#actions/action'

/**
 * Deletes the account and everything it owns: the rows (they cascade from
 * users) in one transaction, then every file stored for it (media, avatar,
 * export files, import uploads), whose keys are read in that transaction
 * before the rows go. A file that cannot be deleted does not undo the
 * deletion: the storage sweep removes it later, as nothing names it any more.
 *
 * The web asks for the username typed (a safeguard of its form); the apps'
 * DELETE users/{id} has no payload, as the spec's table says, and is checked
 * only when it names a confirmation.
 */
export async function deleteAccount(
  user: User,
  input: { confirmation?: string },
  options: ActionOptions = {}
) {
  const confirmation = input.confirmation
  const confirmed = (text: string) =>
    Boolean(user.username) && text.trim().toLowerCase() === user.username!.toLowerCase()
  if (confirmation !== undefined && !confirmed(confirmation)) {
    throw ApiException.of('E_CONFIRMATION_MISMATCH', { apiField: 'confirmation' })
  }
  /* a live subscription is cancelled at Stripe first (the notice on the page says so) */
  await cancelSubscriptionsOf(user)
  await withTransaction(options.trx, async (trx) => {
    /* the shared decks go with the account: their participants are told "deleted by its owner" */
    const shared = await trx
      .from('decks')
      .where('user_id', user.id)
      .whereNull('parent_id')
      .whereExists((exists) =>
        exists.from('deck_collaborators').whereRaw('deck_collaborators.deck_id = decks.id')
      )
      .select('id', 'root_deck_id', 'parent_id', 'name')
    for (const deck of shared)
      await buryShared(trx, {
        id: deck.id,
        rootDeckId: deck.root_deck_id,
        parentId: deck.parent_id,
        name: deck.name,
      })
    const stored = await storedKeysOf(user, trx)
    user.useTransaction(trx)
    await user.delete()
    afterCommit(trx, () => removeStoredFiles(stored))
  })
}

/** The drive keys of everything stored for the user. */
async function storedKeysOf(user: User, trx: TransactionClientContract) {
  /*
   * locked first: a row naming a file that lands meanwhile waits for this deletion and then fails (its file is
   * the sweep's)
   */
  await trx.from('users').where('id', user.id).forUpdate().first()
  const media = await trx.from('media').where('user_id', user.id).select('key')
  const exports = await trx
    .from('deck_exports')
    .where('user_id', user.id)
    .whereNotNull('storage_key')
    .select('storage_key')
  const imports = await trx
    .from('deck_imports')
    .where('user_id', user.id)
    .whereNotNull('storage_key')
    .select('storage_key')
  const avatar = await trx.from('users').where('id', user.id).select('avatar_path').first()
  return [
    ...media.map((row) => `media/${row.key}`),
    ...[...exports, ...imports].map((row) => row.storage_key as string),
    ...(avatar?.avatar_path ? [avatar.avatar_path as string] : []),
  ]
}
