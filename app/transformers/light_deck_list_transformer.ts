import { BaseTransformer } from '@adonisjs/core/transformers'
import type Deck from '#models/deck'
import { hierarchyOf } from '#services/deck_hierarchy'

/** GET decks/light: every deck for the apps' pickers (no counts), and their tree; one item over the list. */
export default class LightDeckListTransformer extends BaseTransformer<{ decks: Deck[] }> {
  toObject() {
    const { decks } = this.resource
    return {
      decks: decks.map((deck) => ({
        id: deck.id,
        name: deck.name,
        parentId: deck.parentId,
        rootDeckId: deck.rootDeckId,
        folderId: deck.folderId,
        algorithmPreset: deck.algorithmPreset,
        state: deck.state,
      })),
      hierarchy: hierarchyOf(decks),
    }
  }
}
