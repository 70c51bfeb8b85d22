import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Folder from '#models/folder'
import ApiException from '#exceptions/api_exception'
import { idParam } from '#queries/decks/find_deck'
import FolderPolicy from '#policies/folder_policy'
import { authorize } from '#services/authorize'

/** Folders are private to their owner: anyone else's is a 404. */
export async function findFolder(
  user: { id: number },
  id: unknown,
  trx?: TransactionClientContract
) {
  const folder = await Folder.query({ client: trx })
    .where('user_id', user.id)
    .where('id', idParam(id))
    .first()
  if (!folder) throw ApiException.notFound()
  await authorize(user, FolderPolicy, 'manage', folder)
  return folder
}
