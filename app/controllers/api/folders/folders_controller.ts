import type { HttpContext } from '@adonisjs/core/http'
import { saveFolder } from '#actions/folders/save_folder'
import { deleteFolder } from '#actions/folders/delete_folder'
import { reorder } from '#actions/decks/reorder_decks'
import type Folder from '#models/folder'
import type User from '#models/user'
import { findFolder } from '#queries/folders/find_folder'
import { listFolders, rootDeckIdsIn } from '#queries/folders/list_folders'
import FolderTransformer from '#transformers/folder_transformer'
import { serialize } from '#transformers/serialize'
import {
  createFolderValidator,
  folderValidator,
  reorderFoldersValidator,
} from '#validators/content'

/** The spec's Folders, each with the ids of its root decks. */
async function present(user: User, folders: Folder[]) {
  return serialize(FolderTransformer.transform(folders, await rootDeckIdsIn(user, folders)))
}

export default class FoldersController {
  async index({ auth }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    return { folders: await present(user, await listFolders(user)) }
  }

  async show({ auth, params }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const [folder] = await present(user, [await findFolder(user, params.id)])
    return folder
  }

  async store({ auth, request, response }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const input = await request.validateUsing(createFolderValidator)
    const folder = await saveFolder(user, input)
    const [presented] = await present(user, [folder])
    return response.created(presented)
  }

  /** Rename, recolor, set the emoji, or assign decks (`assign_deck_ids`). */
  async update({ auth, request, params }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const input = await request.validateUsing(folderValidator)
    const folder = await saveFolder(user, { ...input, id: params.id })
    const [presented] = await present(user, [folder])
    return presented
  }

  /** The folder goes; its decks stay, at the top level. */
  async destroy({ auth, params, response }: HttpContext) {
    await deleteFolder(auth.use('api').getUserOrFail(), { id: params.id })
    return response.noContent()
  }

  async reorder({ auth, request, response }: HttpContext) {
    const { folder_ids: ids } = await request.validateUsing(reorderFoldersValidator)
    await reorder(auth.use('api').getUserOrFail(), { table: 'folders', ids })
    return response.noContent()
  }
}
