import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Deck from '#models/deck'
import type Note from '#models/note'
import NoteSpeech, { type SpeechSide } from '#models/note_speech'
import type { NoteTypeDefinition } from '#note_types/types'
import { renderCard } from '#note_types/cards'
import { htmlToPlainText } from '#note_types/plain_text'
import { remoteFlag } from '#services/remote_flags'

/*
 * What a note's sides say aloud, kept in note_speech while its deck has
 * text-to-speech on: saving a note whose text (or its deck's language)
 * changed makes that side "pending" again, and the worker makes its audio
 * (generate_note_speech.ts). A side without text has no entry. Each side is
 * one spoken string (string_index 0): its whole text as the card shows it
 * (the first card of the note; a cloze's gaps read as "…").
 */

/* the answer part of a back side: what follows Anki's <hr id=answer> */
const answerPart = (html: string) => html.split(/<hr[^>]*id=["']?answer["']?[^>]*>/i).pop() ?? html

/** The plain text of a note's two sides, as its first card shows them. */
function spokenTexts(
  definition: NoteTypeDefinition,
  note: Pick<Note, 'fields' | 'fieldAttachmentsMap' | 'tags'>,
  ords: number[],
  deckName: string
) {
  if (!ords.length) return { front: '', back: '' }
  const card = renderCard(definition, note.fields, Math.min(...ords), {
    attachments: note.fieldAttachmentsMap ?? {},
    deckName,
    tags: note.tags ?? [],
  })
  return {
    front: htmlToPlainText(card.front)
      .replace(/\[\.\.\.\]|\[…\]/g, '…')
      .trim(),
    back: htmlToPlainText(answerPart(card.back)).trim(),
  }
}

/** The language a side of the deck's cards is spoken in (when the deck names none: English). */
const sideLanguage = (deck: Deck, side: SpeechSide) =>
  (side === 'front' ? deck.ttsFrontSideLanguage : deck.ttsBackSideLanguage) || 'en'

/**
 * Brings a saved note's speech rows in line with its text, in the save's
 * transaction. Answers whether a side now waits for audio (the caller then
 * queues generate_note_speech once the transaction is committed). With the
 * ai_speech remote flag off, the server makes no speech: nothing changes.
 */
export async function syncNoteSpeech(
  note: Note,
  deck: Deck,
  definition: NoteTypeDefinition,
  ords: number[],
  trx: TransactionClientContract
) {
  if (!deck.ttsEnabled || !remoteFlag('ai_speech')) return false
  const texts = spokenTexts(definition, note, ords, deck.name)
  const rows = await NoteSpeech.query({ client: trx }).where('note_id', note.id).forUpdate()
  let pending = false
  for (const side of ['front', 'back'] as const) {
    const text = texts[side]
    const language = sideLanguage(deck, side)
    const row = rows.find((entry) => entry.side === side && entry.stringIndex === 0)
    if (!text) {
      if (row) await row.useTransaction(trx).delete()
      continue
    }
    if (row && row.text === text && row.language === language) {
      pending ||= row.state === 'pending'
      continue
    }
    /* the audio of the former text stays a media row nothing names: the storage sweep removes it */
    const values = {
      text,
      language,
      state: 'pending' as const,
      mediaId: null,
      errorCode: null,
      engine: null,
    }
    if (row) await row.useTransaction(trx).merge(values).save()
    else
      await NoteSpeech.create({ noteId: note.id, side, stringIndex: 0, ...values }, { client: trx })
    pending = true
  }
  return pending
}
