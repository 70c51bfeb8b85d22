import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import CardPreset from '#models/card_preset'
import type User from '#models/user'
import ApiException from '#exceptions/api_exception'
import { idParam } from '#queries/decks/find_deck'

/** GET card_presets: the built-in presets, then the learner's own, oldest first. */
export function listPresets(user: User) {
  return CardPreset.query()
    .where((q) => q.whereNull('user_id').orWhere('user_id', user.id))
    .orderByRaw('user_id IS NOT NULL')
    .orderBy('position')
    .orderBy('id')
}

/** A preset the learner may use (built-in or their own); anything else is a 404. */
export async function findUsablePreset(user: User, id: unknown, trx?: TransactionClientContract) {
  const preset = await CardPreset.query({ client: trx })
    .where('id', idParam(id))
    .where((q) => q.whereNull('user_id').orWhere('user_id', user.id))
    .first()
  if (!preset) throw ApiException.notFound()
  return preset
}

/** A preset the learner may change or delete: their own only (a built-in one, or another learner's, is a 404). */
export async function findOwnPreset(user: User, id: unknown, trx: TransactionClientContract) {
  const preset = await CardPreset.query({ client: trx })
    .where('id', idParam(id))
    .where('user_id', user.id)
    .forUpdate()
    .first()
  if (!preset) throw ApiException.notFound()
  return preset
}
