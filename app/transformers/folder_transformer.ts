import type Folder from '#models/folder'

export default class FolderTransformer {
  /** `decks` are the ids of the root decks inside, in their order */
  static forApi(folder: Folder, deckIds: number[]) {
    return {
      id: folder.id,
      name: folder.name,
      color: folder.color,
      emojiUtf16: folder.emojiUtf16,
      position: folder.position,
      decks: deckIds,
    }
  }

  /** The folders with their root decks' ids (rootDeckIdsIn). */
  static list(folders: Folder[], deckIds: Map<number, number[]>) {
    return folders.map((folder) => this.forApi(folder, deckIds.get(folder.id) ?? []))
  }
}
