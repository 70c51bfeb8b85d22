import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ApiException from '#exceptions/api_exception'
import type Deck from '#models/deck'
import LibraryClone from '#models/library_clone'
import LibraryNote from '#models/library_note'
import PublicDeck from '#models/public_deck'
import type User from '#models/user'
import { findDeck } from '#queries/decks/find_deck'
import { contentKey } from '#actions/publishing/snapshot'
import {
  CloneTree,
  contentColumns,
  insertLibraryNotes,
  noteTypesFor,
  ordinalsOf,
} from '#actions/publishing/library_tree'
import { withTransaction, type ActionOptions } from '#actions/action'

const noUpdate = () => ApiException.of('E_NO_LIBRARY_UPDATE')

const comparable = (note: LibraryNote) => ({
  deck_path: note.deckPath,
  note_type_id: note.noteTypeId,
  fields: note.fields,
  field_attachments_map: note.fieldAttachmentsMap,
  tags: note.tags,
  is_reversed: note.isReversed,
})

/** The clone's notes that came from the library, by the guid of their library note. */
async function clonedNotes(root: Deck, trx: TransactionClientContract) {
  const rows = await trx
    .from('notes')
    .join('decks', 'decks.id', 'notes.deck_id')
    .join('library_notes', 'library_notes.id', 'notes.library_note_id')
    .where('decks.root_deck_id', root.id)
    .select('notes.id', 'notes.deck_id', 'library_notes.guid')
  return new Map(rows.map((row) => [row.guid as string, row as { id: number; deck_id: number }]))
}

/**
 * Brings a note in line with its new library note: content in place, cards added or removed by ordinal, so the
 * kept cards keep their ids and progress.
 */
async function updateNote(
  note: { id: number; deck_id: number },
  next: LibraryNote,
  target: { deckId: number; ords: number[]; typeOf: (id: number) => number },
  trx: TransactionClientContract
) {
  const { deckId, ords } = target
  const columns = contentColumns(next, target.typeOf)
  await trx
    .from('notes')
    .where('id', note.id)
    .update({
      ...columns,
      fields: JSON.stringify(columns.fields),
      field_attachments_map: JSON.stringify(columns.field_attachments_map),
      tags: JSON.stringify(columns.tags),
      deck_id: deckId,
      updated_at: new Date(),
    })
  const cards = await trx.from('cards').where('note_id', note.id).select('ord')
  const current: number[] = cards.map((row) => row.ord)
  const removed = current.filter((ord) => !ords.includes(ord))
  if (removed.length)
    await trx.from('cards').where('note_id', note.id).whereIn('ord', removed).delete()
  const added = ords.filter((ord) => !current.includes(ord))
  if (added.length)
    await trx
      .table('cards')
      .insert(
        added.map((ord) => ({ note_id: note.id, deck_id: deckId, ord, created_at: new Date() }))
      )
  if (note.deck_id !== deckId) {
    const cardIds = trx.from('cards').where('note_id', note.id).select('id')
    await trx.from('cards').where('note_id', note.id).update({ deck_id: deckId })
    await trx.from('card_progress').whereIn('card_id', cardIds).update({ deck_id: deckId })
  }
}

/**
 * Applies the library's newer approved revision to a learner's clone, in
 * one transaction, keeping their progress: notes are matched by their
 * library note's guid; a changed note is updated in place (its cards keep
 * their ids, so their progress stays), a new one is added, one deleted
 * upstream is removed. Notes the learner added themselves stay. The clone
 * then holds the new revision.
 */
export async function pullLibraryUpdate(
  user: User,
  input: { id: unknown },
  options: ActionOptions = {}
) {
  return withTransaction(options.trx, async (trx) => {
    const root = await findDeck(user, input.id, trx, 'manage')
    const clone = await LibraryClone.query({ client: trx })
      .where('deck_id', root.id)
      .forUpdate()
      .first()
    if (!clone) throw noUpdate()
    const publicDeck = await PublicDeck.query({ client: trx })
      .withScopes((s) => s.published())
      .where('id', clone.publicDeckId)
      .first()
    if (!publicDeck || publicDeck.currentRevisionId === clone.revisionId) throw noUpdate()

    const incoming = await LibraryNote.query({ client: trx })
      .where('revision_id', publicDeck.currentRevisionId!)
      .orderBy('position')
      .orderBy('id')
    const heldNotes = await LibraryNote.query({ client: trx }).where(
      'revision_id',
      clone.revisionId
    )
    const held = new Map(heldNotes.map((note) => [note.guid, note]))
    const existing = await clonedNotes(root, trx)
    const tree = await CloneTree.load(root, trx)
    const ords = await ordinalsOf(incoming, trx)
    const typeOf = await noteTypesFor(root.userId, incoming, trx)
    const added: LibraryNote[] = []
    for (const next of incoming) {
      const note = existing.get(next.guid)
      if (!note) {
        added.push(next)
        continue
      }
      existing.delete(next.guid)
      const before = held.get(next.guid)
      if (before && contentKey(comparable(before)) === contentKey(comparable(next))) {
        await trx.from('notes').where('id', note.id).update({ library_note_id: next.id })
        continue
      }
      const deck = await tree.deckFor(next.deckPath ?? [])
      await updateNote(note, next, { deckId: deck.id, ords: ords(next), typeOf }, trx)
    }
    if (existing.size)
      await trx
        .from('notes')
        .whereIn(
          'id',
          [...existing.values()].map((note) => note.id)
        )
        .delete()
    await insertLibraryNotes(tree, root.userId, added, trx)
    clone.revisionId = publicDeck.currentRevisionId!
    await clone.useTransaction(trx).save()
    return root
  })
}
