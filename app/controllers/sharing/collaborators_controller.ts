import type { HttpContext } from '@adonisjs/core/http'
import { changeRole, removeCollaborator } from '#actions/sharing/manage_collaborator'
import { updateCollaboratorValidator } from '#validators/sharing'

/** The Sharing dialog's role select and Remove button (the same actions as PUT and DELETE deck_collaborators). */
export default class CollaboratorsController {
  async update({ auth, params, request, response, session, i18n }: HttpContext) {
    const input = await request.validateUsing(updateCollaboratorValidator)
    await changeRole(auth.use('web').getUserOrFail(), { ...input, id: params.id })
    session.flash('success', i18n.t('ui.sharing.flash.role_changed'))
    return response.redirect().withQs().back()
  }

  async destroy({ auth, params, response, session, i18n }: HttpContext) {
    await removeCollaborator(auth.use('web').getUserOrFail(), { id: params.id })
    session.flash('success', i18n.t('ui.sharing.flash.removed'))
    return response.redirect().withQs().back()
  }
}
