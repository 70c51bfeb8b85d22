import CardPreset from '#models/card_preset'
import DeckModel from '#models/deck'
import { appearanceDeck } from '#services/card_presets/appearance'
type Deck = DeckModel

/**
 * The preset a deck names, whoever made it: a deck shared by its owner
 * renders with the owner's preset for every learner (a style, not content).
 */
export async function loadPreset(id: number | null | undefined) {
  if (!id) return null
  return (await CardPreset.find(id)) ?? null
}

/** A deck's look where no session is open (the note editor's preview): its own, else its root's. */
export async function deckLook(deck: Deck) {
  const root =
    deck.rootDeckId && deck.rootDeckId !== deck.id
      ? ((await DeckModel.find(deck.rootDeckId)) ?? deck)
      : deck
  const owner = appearanceDeck({ deck, root })
  return { deck: owner, preset: await loadPreset(owner.cardPresetId) }
}
