import Deck from '#models/deck'
import Folder from '#models/folder'
import type User from '#models/user'
import { sharedRootsIn } from '#queries/decks/participation'

/** This learner's folders, by position. */
export async function listFolders(user: User) {
  return Folder.query().where('user_id', user.id).orderBy('position').orderBy('id')
}

/** The root decks (not archived) inside each of the folders, in their order: the spec's Folder `decks`. */
export async function rootDeckIdsIn(user: User, folders: Folder[]) {
  const ids = folders.map((folder) => folder.id)
  const [owned, shared] = await Promise.all([
    Deck.query()
      .where('user_id', user.id)
      .whereNull('parent_id')
      .whereNot('state', 'archived')
      .whereIn('folder_id', ids)
      .orderBy('position')
      .orderBy('id'),
    sharedRootsIn(user, ids),
  ])
  /* the shared decks their participant put in these folders, by their own positions */
  const decks = [
    ...owned.map((deck) => ({ id: deck.id, folderId: deck.folderId!, position: deck.position })),
    ...shared,
  ]
  decks.sort((a, b) => a.position - b.position || a.id - b.id)
  const byFolder = new Map<number, number[]>(folders.map((folder) => [folder.id, []]))
  for (const deck of decks) byFolder.get(deck.folderId)?.push(deck.id)
  return byFolder
}
