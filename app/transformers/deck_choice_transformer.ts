import { BaseTransformer } from '@adonisjs/core/transformers'
import type Deck from '#models/deck'
import { hierarchyOf, type HierarchyNode } from '#services/deck_hierarchy'

/** A deck of the statistics page's picker, at its depth under its main deck. */
export type DeckChoice = { deck: Deck; depth: number }

/** The decks as the statistics page's picker lists them: subdecks under their parent, with their depth. */
export function deckChoicesOf(decks: Deck[]) {
  const byId = new Map(decks.map((deck) => [deck.id, deck]))
  const choices: DeckChoice[] = []
  const walk = (nodes: HierarchyNode[], depth: number) => {
    for (const node of nodes) {
      choices.push({ deck: byId.get(node.id)!, depth })
      walk(node.children, depth + 1)
    }
  }
  walk(hierarchyOf(decks), 0)
  return choices
}

/** One choice of the statistics page's deck picker: the depth is for indenting. */
export default class DeckChoiceTransformer extends BaseTransformer<DeckChoice> {
  toObject() {
    return { id: this.resource.deck.id, name: this.resource.deck.name, depth: this.resource.depth }
  }
}
