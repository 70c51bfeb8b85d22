import { BaseTransformer } from '@adonisjs/core/transformers'
import type Folder from '#models/folder'

/** The spec's Folder; `decks` are the ids of the root decks inside, in their order. */
export default class FolderTransformer extends BaseTransformer<Folder> {
  constructor(
    folder: Folder,
    protected rootDeckIds: Map<number, number[]>
  ) {
    super(folder)
  }

  toObject() {
    return {
      ...this.pick(this.resource, ['id', 'name', 'color', 'emojiUtf16', 'position']),
      decks: this.rootDeckIds.get(this.resource.id) ?? [],
    }
  }
}
