import { BaseTransformer } from '@adonisjs/core/transformers'
import type AiStream from '#models/ai_stream'
import type Deck from '#models/deck'
import type { LoadedNotes } from '#queries/notes/load_notes'
import type { activeProvider } from '#ai/cards'
import { streamChannel } from '#services/ai_events'
import AiFreeTierTransformer, { type FreeTier } from '#transformers/ai_free_tier_transformer'
import NoteTransformer from '#transformers/note_transformer'

/**
 * A stream call's read model: the stream, the deck it fills, the notes it
 * made that still exist, the provider now at work and the learner's free tier.
 */
export type StreamAnswer = {
  stream: AiStream
  deck: Deck
  notes: LoadedNotes
  activeProvider: ReturnType<typeof activeProvider>
  freeTier: FreeTier | null
}

/** The AI stream as the apps poll it (GET notes/stream_status) and as every stream call answers. */
export default class AiStreamTransformer extends BaseTransformer<StreamAnswer> {
  toObject() {
    const { stream, deck, notes, activeProvider, freeTier } = this.resource
    return {
      streamId: stream.id,
      deckId: stream.deckId,
      deckName: deck.name,
      folderId: deck.folderId,
      status: stream.status,
      provider: stream.provider,
      cardFormat: stream.request.format,
      maxCards: stream.maxCards,
      /* how many notes the stream made (notes: those of them that still exist) */
      count: stream.noteIds.length,
      notes: notes.notes.map((note) => new NoteTransformer(note, notes).toObject()),
      error: stream.errorCode ? { code: stream.errorCode } : null,
      createdAt: stream.createdAt.toISO(),
      finishedAt: stream.finishedAt?.toISO() ?? null,
      activeProvider,
      freeTier: AiFreeTierTransformer.transform(freeTier),
    }
  }

  /** The web's answer and the generator page's followed stream: with the channel its events come by. */
  forPage() {
    return { ...this.toObject(), channel: streamChannel(this.resource.stream.deckId) }
  }
}
