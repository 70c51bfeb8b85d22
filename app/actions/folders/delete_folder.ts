import type User from '#models/user'
import { findFolder } from '#queries/folders/find_folder'

/** The folder goes; its decks stay, at the top level. Another learner's folder is a 404. */
export async function deleteFolder(user: User, input: { id: unknown }) {
  const folder = await findFolder(user, input.id)
  await folder.delete()
}
