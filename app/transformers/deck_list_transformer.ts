import { BaseTransformer } from '@adonisjs/core/transformers'
import type { DeckList } from '#queries/decks/list_decks'
import { hierarchyOf } from '#services/deck_hierarchy'
import { mapInSlices } from '#services/in_slices'
import DeckTransformer from '#transformers/deck_transformer'
import FolderTransformer from '#transformers/folder_transformer'
import NoteTypeTransformer from '#transformers/note_type_transformer'
import UnavailableDeckTransformer from '#transformers/unavailable_deck_transformer'

/** Each folder's main decks, in one pass over the decks of the list. */
export function folderRootsOf({ folders, visible }: DeckList) {
  const roots = new Map<number, number[]>(folders.map((folder) => [folder.id, []]))
  for (const deck of visible)
    if (deck.isRootDeck && deck.folderId !== null) roots.get(deck.folderId)?.push(deck.id)
  return roots
}

/**
 * The deck list (GET decks): the selected decks flat, each once and whole,
 * `children` empty; their id tree, note types, archived count, folders.
 * One item over the list: a learner may have thousands of decks, each
 * presented a slice at a time (app/services/in_slices.ts).
 */
export default class DeckListTransformer extends BaseTransformer<DeckList> {
  async toObject() {
    const list = this.resource
    return {
      /* each deck once, whatever its depth: nesting every deck's subtree here
         made the answer grow with the square of the depth */
      decks: await mapInSlices(list.selected, (deck) => new DeckTransformer(deck, list).toObject()),
      hierarchy: hierarchyOf(list.selected),
      templates: NoteTypeTransformer.transform(list.noteTypes),
      numberOfArchivedDecks: list.numberOfArchivedDecks,
      folders: FolderTransformer.transform(list.folders, folderRootsOf(list)),
      /* shared main decks no longer available to this former participant: {id, name, reason} */
      unavailableDecks: UnavailableDeckTransformer.transform(list.unavailable),
    }
  }
}
