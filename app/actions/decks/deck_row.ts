import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Deck, { type DeckSource, type DeckState, type FontSettings } from '#models/deck'

/* the column's length */
const DECK_NAME_MAX = 255

/** The deck a subdeck goes under: the subdeck belongs to its tree and takes its algorithm. */
type ParentDeck = Pick<
  Deck,
  'id' | 'userId' | 'rootDeckId' | 'algorithmPreset' | 'algorithmType' | 'algorithmSettings'
>

export interface NewDeck {
  userId: number
  name: string
  position: number
  /** a subdeck's parent; none for a root deck */
  parent?: ParentDeck | null
  /** a root deck's folder (a subdeck is in no folder) */
  folderId?: number | null
  source?: DeckSource
  state?: DeckState
  fontSettings?: FontSettings
}

/**
 * The one way a `decks` row is made (a deck created, duplicated, or written
 * by an import), holding the rules every deck follows:
 *
 * - a subdeck belongs to its parent's tree (`root_deck_id`), is in no
 *   folder, and takes the algorithm of its parent, which is its root's (the
 *   algorithm is chosen on the root and holds for the whole tree);
 * - a root deck is its own tree's root, with the default algorithm;
 * - a name is cut to the column's length; the deck is `active` and made
 *   `manually` unless the caller says otherwise.
 */
export async function createDeckRow(input: NewDeck, trx: TransactionClientContract) {
  const parent = input.parent ?? null
  const deck = await Deck.create(
    {
      /* a subdeck belongs to its tree's owner, also when an editor of a shared tree made it */
      userId: parent?.userId ?? input.userId,
      name: input.name.slice(0, DECK_NAME_MAX),
      parentId: parent?.id ?? null,
      rootDeckId: parent ? (parent.rootDeckId ?? parent.id) : null,
      folderId: parent ? null : (input.folderId ?? null),
      position: input.position,
      source: input.source ?? 'manually',
      state: input.state ?? 'active',
      algorithmPreset: parent?.algorithmPreset ?? 'general',
      algorithmType: parent?.algorithmType ?? 'spacedRepetition',
      algorithmSettings: parent?.algorithmSettings ?? {},
      ...(input.fontSettings ? { fontSettings: input.fontSettings } : {}),
    },
    { client: trx }
  )
  if (!parent) {
    deck.rootDeckId = deck.id
    await deck.save()
  }
  return deck
}
