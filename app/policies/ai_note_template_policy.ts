import { AuthorizationResponse, BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import type AiNoteTemplate from '#models/ai_note_template'

/** A user's AI templates are theirs alone; the built-ins are everyone's to apply and no one's to change. */
export default class AiNoteTemplatePolicy extends BasePolicy {
  apply(user: User, template: AiNoteTemplate) {
    return template.userId === null || template.userId === user.id
  }

  manage(user: User, template: AiNoteTemplate) {
    if (template.userId === null) return AuthorizationResponse.deny('ai_template_builtin', 403)
    return template.userId === user.id
  }
}
