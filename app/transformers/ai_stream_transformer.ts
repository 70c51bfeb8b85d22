import type AiStream from '#models/ai_stream'
import type Deck from '#models/deck'
import type { LoadedNotes } from '#queries/notes/load_notes'
import NoteTransformer from '#transformers/note_transformer'

/** The AI stream as the apps poll it (GET notes/stream_status) and as every stream call answers. */
export default class AiStreamTransformer {
  static forApi(stream: AiStream, deck: Deck, notes: LoadedNotes) {
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
    }
  }
}
