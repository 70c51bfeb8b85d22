import type User from '#models/user'
import { findFolder } from '#queries/folders/find_folder'

/** The folder goes; its decks stay, at the top level. Another learner's folder is a 404. */
export async function deleteFolder(user: User, folderId: unknown) {
  const folder = await findFolder(user, folderId)
  await folder.delete()
}
