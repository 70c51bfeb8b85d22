import { BaseTransformer } from '@adonisjs/core/transformers'
import type Note from '#models/note'
import type { NoteRow } from '#queries/notes/list_notes'
import type { LoadedNotes } from '#queries/notes/load_notes'
import type NoteSpeech from '#models/note_speech'
import { cardLabel, renderCard } from '#note_types/cards'
import { htmlToPlainText, preview } from '#note_types/plain_text'
import { keyedById } from '#note_types/field_keys'

/* the answer part of a back side: what follows Anki's <hr id=answer> */
const answerPart = (html: string) => html.split(/<hr[^>]*id=["']?answer["']?[^>]*>/i).pop() ?? html

const firstText = (note: Note, fields: { name: string }[]) =>
  fields.map((field) => note.fields[field.name] ?? '').find((html) => htmlToPlainText(html)) ?? ''

const typeTitle = (note: Note) =>
  note.noteType.kind === 'custom' ? note.noteType.name : note.noteType.definition.name

const STATE_NAMES: Record<NoteRow['learningState'], string> = {
  new: 'new',
  learning: 'learning',
  graduated: 'graduated',
  study_again: 'study_again',
  got_it: 'got_it',
}

/** The first picture of the note's front, else of any field, for the list's thumbnail. */
function thumbnailOf(note: ApiNote) {
  const src = [note.front.rawHtml, ...Object.values(note.fields)]
    .map((html) => /<img\b[^>]*\ssrc="([^"]+)"/i.exec(html)?.[1])
    .find(Boolean)
  return src ? src.replaceAll('&quot;', '"').replaceAll('&amp;', '&') : null
}

/** The spec's textToSpeechMap entry: the audio's URL once generated (served by /media, session or bearer token). */
const speechEntry = (entry: NoteSpeech) => ({
  string_index: entry.stringIndex,
  text: entry.text,
  audio_file: entry.state === 'generated' && entry.media ? entry.media.url : null,
  state: entry.state,
  language: entry.language,
  error_code: entry.state === 'failed' ? entry.errorCode : null,
})

/** A side's audio for `front.tts` / `back.tts`: its first string's URL once generated. */
const sideAudio = (entries: ReturnType<typeof speechEntry>[]) =>
  entries.find((entry) => entry.audio_file)?.audio_file ?? null

/** What the spec's Note reads besides the note (loadNotes): its deck, this learner's row, its audio. */
export type NoteContext = Partial<Pick<LoadedNotes, 'decks' | 'rows' | 'speech'>>

/**
 * The spec's Note entity: the first card's sides, rendered and sanitized, plus
 * this learner's state. `fields` and `fieldAttachmentsMap` are keyed by field
 * id, the ids GET decks gives each template's fields (requests may use ids or
 * titles). The note comes with its note type and cards preloaded (loadNotes).
 */
export default class NoteTransformer extends BaseTransformer<Note> {
  constructor(
    note: Note,
    protected context: NoteContext = {}
  ) {
    super(note)
  }

  toObject() {
    const note = this.resource
    const row: NoteRow | undefined = this.context.rows?.get(note.id)
    const deck = this.context.decks!.get(note.deckId)!
    const ords = note.cards.map((card) => card.ord)
    const speech = this.context.speech?.get(note.id) ?? []
    const textToSpeechMap = {
      front: speech.filter((entry) => entry.side === 'front').map(speechEntry),
      back: speech.filter((entry) => entry.side === 'back').map(speechEntry),
    }
    const definition = note.noteType.definition
    const ord = ords.length ? Math.min(...ords) : 0
    const card = renderCard(definition, note.fields, ord, {
      attachments: note.fieldAttachmentsMap,
      deckName: deck.name,
      tags: note.tags,
    })
    const answer = answerPart(card.back)
    const label = note.isReversed
      ? { type: 'reversed' }
      : definition.isCloze || definition.kind === 'image_occlusion'
        ? cardLabel(definition, ord)
        : null
    return {
      id: note.id,
      guid: note.guid,
      /*
       * a front that is only a picture is listed by the note's first text (an
       * occlusion's header), else by its note type's name as GET decks gives it
       */
      front: {
        tts: sideAudio(textToSpeechMap.front),
        rawHtml: card.front,
        preview:
          preview(card.front) ||
          preview(firstText(note, definition.fields)) ||
          (note.hasImage ? typeTitle(note) : ''),
      },
      back: { tts: sideAudio(textToSpeechMap.back), rawHtml: answer, preview: preview(answer) },
      css: card.css,
      hasImage: note.hasImage,
      hasAudio: note.hasAudio,
      fields: keyedById(definition, note.fields),
      fieldAttachmentsMap: keyedById(definition, note.fieldAttachmentsMap ?? {}),
      fieldAttachmentUrls: {},
      textToSpeechMap,
      templateId: note.noteTypeId,
      isReversed: note.isReversed,
      label,
      tags: note.tags,
      nextReviewAt: row?.nextReviewAt ? new Date(row.nextReviewAt).toISOString() : null,
      numberOfCards: row?.cardsCount ?? ords.length,
      noteCardsCount: row?.cardsCount ?? ords.length,
      learningState: STATE_NAMES[row?.learningState ?? 'new'],
      isFrozen: row?.isFrozen ?? false,
      /*
       * this learner removed some of the note's cards from study ("remove" in a session); bulk_action
       * unsuspend brings them back
       */
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

  /*
   * The deck page's list shows previews only: fields, masks and rendered HTML
   * stay with the editor. A note without any text (an image occlusion without
   * a header) gets its thumbnail and a label in the reader's language, not the type's name.
   */
  forList() {
    const note = this.toObject()
    return {
      /* the note's cards in template order: the row's history sheet opens on each one's reviews */
      cardIds: [...this.resource.cards].sort((a, b) => a.ord - b.ord).map((card) => card.id),
      id: note.id,
      deckId: note.deckId,
      templateId: note.templateId,
      front: {
        preview: Object.values(note.fields).some((html) => htmlToPlainText(html))
          ? note.front.preview
          : '',
        thumbnail: thumbnailOf(note),
      },
      back: { preview: note.back.preview },
      label: note.label,
      isReversed: note.isReversed,
      isFrozen: note.isFrozen,
      learningState: note.learningState,
      isSuspended: note.isSuspended,
      suspendedCardsCount: note.suspendedCardsCount,
      nextReviewAt: note.nextReviewAt,
      numberOfCards: note.numberOfCards,
      hasImage: note.hasImage,
      hasAudio: note.hasAudio,
    }
  }

  /** The note as the web editor opens it: its fields keyed by title, as the editor's form holds them. */
  forEditor() {
    const note = this.resource
    const speech = this.context.speech?.get(note.id) ?? []
    return {
      id: note.id,
      noteTypeId: note.noteTypeId,
      fields: note.fields,
      fieldAttachmentsMap: note.fieldAttachmentsMap,
      isReversed: note.isReversed,
      /* the server-made audio of each side, as the apps get it: the editor shows its state */
      speech: speech.map((entry) => ({
        side: entry.side,
        state: entry.state,
        language: entry.language,
        errorCode: entry.errorCode,
      })),
    }
  }
}

type ApiNote = ReturnType<NoteTransformer['toObject']>
