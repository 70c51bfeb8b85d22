import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import AiNoteTemplate from '#models/ai_note_template'
import ApiException from '#exceptions/api_exception'
import AiNoteTemplatePolicy from '#policies/ai_note_template_policy'
import { idParam } from '#queries/decks/find_deck'
import { authorize } from '#services/authorize'

/** The templates a user sees: the built-ins first (in their order), then their own, oldest first. */
export function listTemplates(user: { id: number }) {
  return AiNoteTemplate.query()
    .where((query) => query.whereNull('user_id').orWhere('user_id', user.id))
    .orderByRaw('user_id IS NOT NULL')
    .orderBy('id')
}

/**
 * A template the user may apply (a built-in or their own) or, with `manage`, change
 * (their own; a built-in is a 403). Anyone else's template is a 404, as if it did not exist.
 */
export async function findTemplate(
  user: { id: number },
  id: unknown,
  ability: 'apply' | 'manage',
  trx?: TransactionClientContract
) {
  const query = AiNoteTemplate.query({ client: trx })
    .where('id', idParam(id))
    .where((scope) => scope.whereNull('user_id').orWhere('user_id', user.id))
  if (trx) query.forUpdate()
  const template = await query.first()
  if (!template) throw ApiException.notFound()
  await authorize(user, AiNoteTemplatePolicy, ability, template)
  return template
}
