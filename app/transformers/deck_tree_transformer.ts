import { BaseTransformer } from '@adonisjs/core/transformers'
import type { DeckList } from '#queries/decks/list_decks'
import { hierarchyOf } from '#services/deck_hierarchy'
import FolderTransformer from '#transformers/folder_transformer'
import { folderRootsOf } from '#transformers/deck_list_transformer'

/** PUT decks/move: where every deck stands now (the id tree and the folders). */
export default class DeckTreeTransformer extends BaseTransformer<DeckList> {
  toObject() {
    return {
      hierarchy: hierarchyOf(this.resource.selected),
      folders: FolderTransformer.transform(this.resource.folders, folderRootsOf(this.resource)),
    }
  }
}
