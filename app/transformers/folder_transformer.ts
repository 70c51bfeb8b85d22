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
}
