import { BaseTransformer } from '@adonisjs/core/transformers'
import type Deck from '#models/deck'

/** The spec's polled processing states, by deck state. */
const POLLED_STATE_NAMES: Partial<Record<Deck['state'], string>> = {
  processing: 'processing',
  cloning: 'cloning',
  duplicating: 'duplicating',
  notes_moving: 'notesMoving',
  notes_importing: 'notesImporting',
  ai_notes_generation: 'aiStreaming',
  bulk_reversing: 'bulkReversing',
}

/** GET decks/polling and the pages' poll: a deck a job is still working on, or whose job failed. */
export default class DeckJobTransformer extends BaseTransformer<Deck> {
  toObject() {
    const deck = this.resource
    return {
      id: deck.id,
      state: deck.state,
      counters: { total: deck.processing?.total ?? 0, processed: deck.processing?.processed ?? 0 },
      folderId: deck.folderId,
      name: deck.name,
      destinationName: deck.processing?.destinationName ?? null,
      /* why the last job was refused and changed nothing (processing_failed),
         e.g. E_CARDS_LIMIT_REACHED; null otherwise */
      failureCode:
        deck.state === 'processing_failed' ? (deck.processing?.failureCode ?? null) : null,
      /* the spec's name of the polled processing state (ai_notes_generation is aiStreaming) */
      processingState: POLLED_STATE_NAMES[deck.state] ?? null,
      /* the AI stream filling the deck: when the deck leaves the poll,
         its notes are fetched (GET notes/stream_status) */
      streamId: deck.state === 'ai_notes_generation' ? (deck.processing?.streamId ?? null) : null,
    }
  }
}
