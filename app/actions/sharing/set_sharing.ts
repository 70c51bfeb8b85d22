import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ApiException from '#exceptions/api_exception'
import type Deck from '#models/deck'
import type User from '#models/user'
import DeckCollaborator from '#models/deck_collaborator'
import DeckPolicy from '#policies/deck_policy'
import { authorize } from '#services/authorize'
import { assertEditable } from '#queries/decks/find_deck'
import { newSharingToken } from '#services/urls/sharing_link'

/**
 * Turns sharing of a root deck on or off (the owner alone; the deck row is
 * locked by the caller's transaction). On: a new token, so a link that died
 * never comes back. Off: the token goes and every active participant is
 * disabled (the access scope admits active rows only). Asking for the state
 * the deck is already in changes nothing, so a retried call is harmless.
 */
export async function setSharing(
  user: User,
  deck: Deck,
  enabled: boolean,
  trx: TransactionClientContract
) {
  await authorize(user, DeckPolicy, 'manage', deck)
  assertEditable(deck)
  if (!deck.isRootDeck)
    throw ApiException.of('E_SUBDECK_NOT_SHAREABLE', { field: 'deck.sharing_enabled' })
  if (enabled === deck.sharingEnabled && (!enabled || deck.sharingToken)) return
  deck.sharingEnabled = enabled
  deck.sharingToken = enabled ? newSharingToken() : null
  if (!enabled) {
    await DeckCollaborator.query({ client: trx })
      .where('deck_id', deck.id)
      .where('state', 'active')
      .update({ state: 'disabled', updated_at: new Date() })
  }
}
