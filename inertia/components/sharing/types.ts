/* Sharing data, typed from the server's queries and transformers (no client-side copies). */
import type { DeckSharing } from '#transformers/deck_sharing_transformer'
import type { Collaborator, SharedDeck } from '#transformers/sharing_transformer'

export type { DeckSharing, Collaborator, SharedDeck }
