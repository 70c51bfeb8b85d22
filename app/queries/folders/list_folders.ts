import Deck from '#models/deck'
import Folder from '#models/folder'
import type User from '#models/user'

/** This learner's folders, by position. */
export async function listFolders(user: User) {
  return Folder.query().where('user_id', user.id).orderBy('position').orderBy('id')
}

/** The root decks (not archived) inside each of the folders, in their order: the spec's Folder `decks`. */
export async function rootDeckIdsIn(user: User, folders: Folder[]) {
  const decks = await Deck.query()
    .where('user_id', user.id)
    .whereNull('parent_id')
    .whereNot('state', 'archived')
    .whereIn('folder_id', folders.map((folder) => folder.id))
    .orderBy('position')
    .orderBy('id')
  const byFolder = new Map<number, number[]>(folders.map((folder) => [folder.id, []]))
  for (const deck of decks) byFolder.get(deck.folderId!)?.push(deck.id)
  return byFolder
}
