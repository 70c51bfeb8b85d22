import { randomBytes } from 'node:crypto'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Card from '#models/card'
import type Deck from '#models/deck'
import Note from '#models/note'
import type User from '#models/user'
import { findNoteType, prepareNote, type NoteInput } from '#actions/notes/note_content'
import { assertRoomFor } from '#actions/decks/card_limit'
import ApiException from '#exceptions/api_exception'
import { syncNoteSpeech } from '#actions/speech/note_speech'
import { recordRemoteImages, remoteImagesIn } from '#actions/media/store_remote_images'

/** Anki-style: 64 random bits, printable; the identity re-imports and sharing match on. */
export const newGuid = () => randomBytes(8).toString('base64url')

/**
 * Making an image-occlusion note is premium (spec 000 §1), for whoever
 * writes it (an editor of a premium owner's deck too). Notes that exist stay
 * editable and studyable by anyone: an imported or once-premium learner's
 * occlusion cards are never taken away.
 */
function assertMayMake(user: User, kind: string, existing: Note | undefined, noteTypeId: number) {
  if (kind !== 'image_occlusion' || user.hasPremium || existing?.noteTypeId === noteTypeId) return
  throw ApiException.of('E_PREMIUM_REQUIRED', {
    key: 'premium_image_occlusion',
    field: 'template_id',
    extra: { feature: 'image_occlusion' },
  })
}

/** The content to save, into `deck`; with `note`, an edit of that note. */
export type SaveNoteInput = NoteInput & { deck: Deck; note?: Note }

/**
 * A step of the note use cases, in the caller's transaction: creates a note
 * or edits one, and brings its cards in line: a card whose cloze, group or
 * template disappeared goes (with its progress), new ones are added, the
 * rest keep their progress. The card limit is checked with the deck's row
 * locked (card_limit.ts), so racing saves cannot pass it.
 */
export async function saveNote(user: User, input: SaveNoteInput, trx: TransactionClientContract) {
  const { deck, note: existing } = input
  const noteType = await findNoteType({ id: deck.userId }, input.noteTypeId, trx)
  assertMayMake(user, noteType.kind, existing, noteType.id)
  /*
   * remote images fetched before the transaction (withRemoteImages) get their media rows now (README: Remote
   * images in cards)
   */
  const named = new Set(remoteImagesIn(Object.values(input.fields ?? {})))
  const fetched = (input.remoteImages ?? []).filter((image) => named.has(image.url))
  const storedImages =
    deck.imagesAllowed && fetched.length
      ? await recordRemoteImages(
          fetched,
          { userId: deck.userId, deckId: deck.rootDeckId ?? deck.id },
          trx
        )
      : undefined
  const prepared = prepareNote(noteType, input, {
    imagesAllowed: deck.imagesAllowed,
    previous: existing?.fields,
    storedImages,
  })
  const note =
    existing ??
    new Note().fill({ userId: deck.userId, guid: newGuid(), tags: [], libraryNoteId: null })
  const current = existing
    ? await Card.query({ client: trx })
        .where('note_id', existing.id)
        .then((cards) => cards.map((card) => card.ord))
    : []
  const added = prepared.ords.filter((ord) => !current.includes(ord))
  const removed = current.filter((ord) => !prepared.ords.includes(ord))
  await assertRoomFor(deck.id, added.length - removed.length, trx)

  note.merge({
    deckId: deck.id,
    noteTypeId: noteType.id,
    fields: prepared.fields,
    fieldAttachmentsMap: prepared.attachments,
    isReversed: prepared.isReversed,
    sortText: prepared.sortText,
    searchText: prepared.searchText,
    hasImage: prepared.hasImage,
    hasAudio: prepared.hasAudio,
  })
  await note.useTransaction(trx).save()
  if (removed.length)
    await Card.query({ client: trx }).where('note_id', note.id).whereIn('ord', removed).delete()
  if (added.length) {
    await Card.createMany(
      added.map((ord) => ({ noteId: note.id, deckId: deck.id, ord })),
      { client: trx }
    )
  }
  /*
   * text-to-speech on: a side whose text changed waits for its audio (queued by the caller after the commit:
   * queueSpeech)
   */
  note.$extras.speechPending = await syncNoteSpeech(
    note,
    deck,
    noteType.definition,
    prepared.ords,
    trx
  )
  return note
}
