import { BaseTransformer } from '@adonisjs/core/transformers'
import type LibraryNote from '#models/library_note'
import type NoteType from '#models/note_type'
import type { NoteTypeDefinition } from '#note_types/types'
import { cardLabel, cardOrdinals, renderCard } from '#note_types/cards'
import { preview } from '#note_types/plain_text'

const answerPart = (html: string) => html.split(/<hr[^>]*id=["']?answer["']?[^>]*>/i).pop() ?? html

/**
 * One card of a library note: its sides rendered and sanitized, and its
 * label (reversed, cloze index, occlusion group). `ord` is the card's; by
 * default the note's first card.
 */
export function libraryCardSides(
  note: LibraryNote,
  definition: NoteTypeDefinition | undefined,
  ord?: number
) {
  const ords = definition
    ? cardOrdinals(definition, note.fields, note.fieldAttachmentsMap, note.isReversed)
    : []
  const shown = ord ?? (ords.length ? Math.min(...ords) : 0)
  let front = ''
  let back = ''
  if (definition) {
    try {
      const card = renderCard(definition, note.fields, shown, {
        attachments: note.fieldAttachmentsMap,
        tags: note.tags,
      })
      front = card.front
      back = answerPart(card.back)
    } catch {
      /* a note frozen with a type that lost its template shows its text only */
    }
  }
  const labelled = definition && (definition.isCloze || definition.kind === 'image_occlusion')
  const label =
    ord !== undefined && definition && !labelled
      ? cardLabel(definition, shown)
      : note.isReversed
        ? { type: 'reversed' }
        : labelled
          ? cardLabel(definition, shown)
          : null
  return {
    ords,
    front: { html: front, preview: preview(front) || preview(note.sortText) },
    back: { html: back, preview: preview(back) },
    label,
  }
}

/**
 * The spec's note search item: a library note (prefixed id) with its first
 * card's sides, sanitized. `noteTypes` are the page's note types by id.
 */
export default class LibraryNoteTransformer extends BaseTransformer<LibraryNote> {
  constructor(
    note: LibraryNote,
    protected noteTypes: Map<number, NoteType>
  ) {
    super(note)
  }

  toObject() {
    const note = this.resource
    const { front, back, label } = libraryCardSides(
      note,
      this.noteTypes.get(note.noteTypeId)?.definition
    )
    return {
      id: `lib_${note.id}`,
      front,
      back,
      hasImage: note.hasImage,
      hasAudio: note.hasAudio,
      label,
      numberOfCards: note.cardsCount,
    }
  }
}
