import type { HttpContext } from '@adonisjs/core/http'
import { saveFolder } from '#actions/folders/save_folder'
import { reorder } from '#actions/decks/reorder_decks'
import { deleteFolder } from '#actions/folders/delete_folder'
import {
  createFolderValidator,
  folderValidator,
  reorderFoldersValidator,
} from '#validators/content'

export default class FoldersController {
  async store({ auth, request, response }: HttpContext) {
    const input = await request.validateUsing(createFolderValidator)
    await saveFolder(auth.use('web').getUserOrFail(), input)
    return response.redirect().withQs().back()
  }

  /** Rename, recolor, set or clear the emoji (empty means none). */
  async update({ auth, request, params, response }: HttpContext) {
    const input = await request.validateUsing(folderValidator)
    await saveFolder(auth.use('web').getUserOrFail(), { ...input, id: params.id })
    return response.redirect().withQs().back()
  }

  /** The folder goes; its decks stay, at the top level. */
  async destroy({ auth, params, response, session, i18n }: HttpContext) {
    await deleteFolder(auth.use('web').getUserOrFail(), { id: params.id })
    session.flash('success', i18n.t('ui.decks.flash.folder_deleted'))
    return response.redirect().withQs().back()
  }

  async reorder({ auth, request, response }: HttpContext) {
    const { folder_ids: ids } = await request.validateUsing(reorderFoldersValidator)
    await reorder(auth.use('web').getUserOrFail(), { table: 'folders', ids })
    return response.redirect().withQs().back()
  }
}
