import type { Infer } from '@vinejs/vine/types'
import type { folderValidator } from '#validators/content'
import ApiException from '#exceptions/api_exception'
import Deck from '#models/deck'
import Folder from '#models/folder'
import type User from '#models/user'
import { findFolder } from '#queries/folders/find_folder'
import { nextPosition } from '#actions/decks/positions'
import { withTransaction, type ActionOptions } from '#actions/action'

/** The validated body; with `id`, the folder to update (else a new one). */
export type SaveFolderInput = Infer<typeof folderValidator> & { id?: unknown }

/** Creates or updates a folder; `assign_deck_ids` puts those root decks in it. An empty emoji means none. */
export async function saveFolder(user: User, input: SaveFolderInput, options: ActionOptions = {}) {
  if (input.name === null)
    throw ApiException.of('E_VALIDATION_ERROR', { key: 'name_required', field: 'name' })
  const folderId = input.id ?? null
  return withTransaction(options.trx, async (trx) => {
    let folder: Folder
    if (folderId === null) {
      const position = await nextPosition(trx, user.id, { table: 'folders' })
      folder = new Folder().fill({ userId: user.id, color: 'blue', emojiUtf16: null, position })
    } else {
      folder = await findFolder(user, folderId, trx)
    }
    const assignDeckIds = input.assign_deck_ids
    const fields = {
      name: input.name,
      color: input.color,
      emojiUtf16: input.emoji_utf_16 === undefined ? undefined : input.emoji_utf_16 || null,
    }
    folder.merge(
      Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined))
    )
    await folder.useTransaction(trx).save()
    if (assignDeckIds?.length) {
      /*
       * the learner's own root decks, and shared ones they take part in: those sit in a folder by their
       * collaborator row
       */
      const decks = await Deck.query({ client: trx })
        .withScopes((s) => s.accessibleBy(user))
        .whereIn('id', assignDeckIds)
      if (decks.length !== new Set(assignDeckIds).size) throw ApiException.notFound()
      if (decks.some((deck) => !deck.isRootDeck))
        throw ApiException.of('E_SUBDECK_IN_FOLDER', { apiField: 'assign_deck_ids' })
      const owned = decks.filter((deck) => deck.userId === user.id).map((deck) => deck.id)
      const shared = decks.filter((deck) => deck.userId !== user.id).map((deck) => deck.id)
      if (owned.length)
        await Deck.query({ client: trx }).whereIn('id', owned).update({ folder_id: folder.id })
      if (shared.length)
        await trx
          .from('deck_collaborators')
          .where('user_id', user.id)
          .whereIn('deck_id', shared)
          .update({ folder_id: folder.id })
    }
    return folder
  })
}
