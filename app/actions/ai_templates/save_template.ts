import type { Infer } from '@vinejs/vine/types'
import type { aiTemplateValidator } from '#validators/ai'
import AiNoteTemplate from '#models/ai_note_template'
import ApiException from '#exceptions/api_exception'
import { findTemplate } from '#queries/ai_templates/find_template'
import { withTransaction, type ActionOptions } from '#actions/action'

/** How many templates of their own a user may keep (the built-ins do not count). */
const MAX_TEMPLATES_PER_USER = 100

/** Creates a user's template (no `id`) or changes one of their own. */
export async function saveTemplate(
  user: { id: number },
  input: Infer<typeof aiTemplateValidator> & { id?: unknown },
  options: ActionOptions = {}
) {
  const id = input.id ?? null
  return withTransaction(options.trx, async (trx) => {
    if (id === null) {
      /* the user's row, locked, serialises concurrent creations against the limit */
      await trx.from('users').where('id', user.id).forUpdate().first()
      const [{ count }] = await trx
        .from('ai_note_templates')
        .where('user_id', user.id)
        .count('* as count')
      if (Number(count) >= MAX_TEMPLATES_PER_USER) {
        throw ApiException.of('E_AI_TEMPLATE_LIMIT', {
          values: { max: MAX_TEMPLATES_PER_USER },
          apiField: 'name',
        })
      }
      return AiNoteTemplate.create(
        { userId: user.id, name: input.name, prompt: input.prompt },
        { client: trx }
      )
    }
    const template = await findTemplate(user, id, 'manage', trx)
    template.merge({ name: input.name, prompt: input.prompt })
    await template.useTransaction(trx).save()
    return template
  })
}

export async function deleteTemplate(
  user: { id: number },
  input: { id: unknown },
  options: ActionOptions = {}
) {
  await withTransaction(options.trx, async (trx) => {
    const template = await findTemplate(user, input.id, 'manage', trx)
    await template.useTransaction(trx).delete()
  })
}
