import type Note from '#models/note'
import type Deck from '#models/deck'
import type { NoteRow } from '#queries/notes/list_notes'
import { cardLabel, renderCard } from '#note_types/cards'
import { htmlToPlainText, preview } from '#note_types/plain_text'
import { keyedById } from '#note_types/field_keys'

/* the answer part of a back side: what follows Anki's <hr id=answer> */
const answerPart = (html: string) => html.split(/<hr[^>]*id=["']?answer["']?[^>]*>/i).pop() ?? html

const firstText = (note: Note, fields: { name: string }[]) =>
  fields.map((field) => note.fields[field.name] ?? '').find((html) => htmlToPlainText(html)) ?? ''

const typeTitle = (note: Note) => (note.noteType.kind === 'custom' ? note.noteType.name : note.noteType.definition.name)

const STATE_NAMES: Record<NoteRow['learningState'], string> = {
  new: 'new', learning: 'learning', graduated: 'graduated', study_again: 'study_again', got_it: 'got_it',
}

/**
 * The spec's Note entity: the first card's sides, rendered and sanitized, plus
 * this learner's state. `fields` and `fieldAttachmentsMap` are keyed by field
 * id, the ids GET decks gives each template's fields (requests may use ids or
 * titles).
 */
export default class NoteTransformer {
  static forApi(note: Note, row: NoteRow | undefined, deck: Deck, ords: number[]) {
    const definition = note.noteType.definition
    const ord = ords.length ? Math.min(...ords) : 0
    const card = renderCard(definition, note.fields, ord, { attachments: note.fieldAttachmentsMap, deckName: deck.name, tags: note.tags })
    const answer = answerPart(card.back)
    const label = note.isReversed ? { type: 'reversed' } : definition.isCloze || definition.kind === 'image_occlusion' ? cardLabel(definition, ord) : null
    return {
      id: note.id,
      guid: note.guid,
      /*
       * a front that is only a picture is listed by the note's first text (an
       * occlusion's header), else by its note type's name as GET decks gives it
       */
      front: {
        tts: null,
        rawHtml: card.front,
        preview: preview(card.front) || preview(firstText(note, definition.fields)) || (note.hasImage ? typeTitle(note) : ''),
      },
      back: { tts: null, rawHtml: answer, preview: preview(answer) },
      css: card.css,
      hasImage: note.hasImage,
      hasAudio: note.hasAudio,
      fields: keyedById(definition, note.fields),
      fieldAttachmentsMap: keyedById(definition, note.fieldAttachmentsMap ?? {}),
      fieldAttachmentUrls: {},
      textToSpeechMap: { front: [], back: [] },
      templateId: note.noteTypeId,
      isReversed: note.isReversed,
      label,
      tags: note.tags,
      nextReviewAt: row?.nextReviewAt ? new Date(row.nextReviewAt).toISOString() : null,
      numberOfCards: row?.cardsCount ?? ords.length,
      noteCardsCount: row?.cardsCount ?? ords.length,
      learningState: STATE_NAMES[row?.learningState ?? 'new'],
      isFrozen: row?.isFrozen ?? false,
      /* this learner removed some of the note's cards from study ("remove" in a session); bulk_action unsuspend brings them back */
      isSuspended: (row?.suspendedCardsCount ?? 0) > 0,
      suspendedCardsCount: row?.suspendedCardsCount ?? 0,
      libraryNoteId: note.libraryNoteId,
      rootDeckId: deck.rootDeckId ?? deck.id,
      deckId: note.deckId,
      sortText: htmlToPlainText(note.fields[definition.fields[0]?.name] ?? ''),
      createdAt: note.createdAt.toISO(),
      updatedAt: note.updatedAt.toISO(),
    }
  }
}
