import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import { withTransaction } from '#actions/action'
import { updateNote } from '#actions/notes/update_note'
import { bulkNotes } from '#actions/notes/bulk_notes'
import { suspendCards } from '#actions/notes/suspend_cards'
import { storeMediaFile } from '#actions/ankiconnect/store_media_file'
import {
  checkAnkiNote,
  storedFields,
  tagsOf,
  type NoteContext,
} from '#actions/ankiconnect/anki_notes'
import { findNote } from '#queries/notes/load_notes'
import { findEditableDeck } from '#queries/decks/find_deck'
import { visibleCards, visibleNotes } from '#queries/ankiconnect/notes_info'
import { ankiError } from '#services/ankiconnect'

/*
 * AnkiConnect's edits of notes and cards, each through the product's own
 * use case or its building blocks, each tree of decks checked as the
 * product checks it (an editor of a shared deck edits its notes; a viewer
 * only suspends cards for themselves).
 */

const isObject = (value: unknown): value is Record<string, any> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Note ids by the root of their tree, for the notes the learner sees (others are skipped, as Anki skips them). */
async function notesByTree(user: User, ids: unknown) {
  const rows = await visibleNotes(user, Array.isArray(ids) ? ids : [])
  const byTree = new Map<number, number[]>()
  for (const row of rows) byTree.set(row.root_id, [...(byTree.get(row.root_id) ?? []), row.id])
  return [...byTree].sort(([a], [b]) => a - b)
}

async function writeTags(
  trx: TransactionClientContract,
  noteId: number,
  change: (tags: string[]) => string[]
) {
  const note = await trx.from('notes').where('id', noteId).forUpdate().select('tags').first()
  if (!note) return
  const next = change(note.tags as string[])
  await trx
    .from('notes')
    .where('id', noteId)
    .update({ tags: JSON.stringify(next), updated_at: new Date() })
}

/** addTags / removeTags / updateNoteTags on notes of decks the learner may edit. */
export async function changeTags(
  user: User,
  input: { notes: unknown; tags: unknown; mode: 'add' | 'remove' | 'set' }
) {
  const tags = tagsOf(input.tags)
  const lower = new Set(tags.map((tag) => tag.toLowerCase()))
  const trees = await notesByTree(user, input.notes)
  await withTransaction(undefined, async (trx) => {
    for (const [rootId, noteIds] of trees) {
      await findEditableDeck(user, rootId, trx)
      for (const noteId of noteIds) {
        await writeTags(trx, noteId, (current) => {
          if (input.mode === 'set') return tags
          if (input.mode === 'remove') return current.filter((tag) => !lower.has(tag.toLowerCase()))
          const have = new Set(current.map((tag) => tag.toLowerCase()))
          return [...current, ...tags.filter((tag) => !have.has(tag.toLowerCase()))]
        })
      }
    }
  })
}

/**
 * updateNoteFields and updateNote: the fields named (case aside) replace
 * theirs, the others stay; files given as data are stored first. The edit
 * is the product's updateNote (its limits and image rules).
 */
export async function updateAnkiNote(
  user: User,
  context: NoteContext,
  input: { note: unknown; tagsToo: boolean }
) {
  const given = input.note
  if (!isObject(given)) throw ankiError('note must be an object')
  if (input.tagsToo && !('fields' in given) && !('tags' in given))
    throw ankiError('Must provide a "fields" or "tags" property.')
  if (input.tagsToo && 'tags' in given && !Array.isArray(given.tags))
    throw ankiError('Must provide tags as a list of strings')
  const found = await findNote(user, given.id, 'edit').catch(() => {
    throw ankiError(`Note was not found: ${given.id}`)
  })
  if (isObject(given.fields)) {
    const noteType = context.types.find((type) => type.id === found.noteTypeId)
    const pathOfDeck = context.paths.find((deck) => deck.id === found.deckId)
    if (!noteType || !pathOfDeck) throw ankiError(`Note was not found: ${given.id}`)
    /* the same reading of fields and files as addNote, without its empty and duplicate checks */
    const checked = await checkAnkiNote(
      context,
      {
        ...given,
        modelName: noteType.name,
        deckName: pathOfDeck.path,
        fields: given.fields,
      },
      { except: found.id, fieldsOnly: true }
    )
    for (const file of checked.media) await storeMediaFile(user, file)
    const named = checked.named
    const merged = Object.fromEntries(
      Object.entries(found.fields).map(([name, html]) => [
        name,
        named.has(name) ? checked.fields[name] : html,
      ])
    )
    await updateNote(user, {
      note: { id: found.id, deckId: found.deckId },
      fields: await storedFields(user, merged),
    })
  }
  if (input.tagsToo && Array.isArray(given.tags)) {
    await changeTags(user, { notes: [found.id], tags: given.tags, mode: 'set' })
  }
}

/** deleteNotes: each tree's notes through the product's bulk delete (an editor's right). */
export async function deleteAnkiNotes(user: User, ids: unknown) {
  for (const [rootId, noteIds] of await notesByTree(user, ids)) {
    await bulkNotes(user, { deck_id: rootId, ids: noteIds, bulk_action: 'destroy' })
  }
}

/** suspend / unsuspend: the learner's own removal from study; true when any card changed. */
export async function setAnkiSuspended(user: User, ids: unknown, suspended: boolean) {
  const cards = await visibleCards(user, Array.isArray(ids) ? ids : [])
  const cardIds = cards.map((card) => card.id)
  return withTransaction(undefined, async (trx) => {
    if (suspended) return (await suspendCards(user.id, cardIds, trx)) > 0
    if (!cardIds.length) return false
    const removed = await trx
      .from('card_suspensions')
      .where('user_id', user.id)
      .whereIn('card_id', cardIds)
      .delete()
    return Number(removed) > 0
  })
}
