import { errorText, type ActionHandler } from '#controllers/ankiconnect/protocol'
import { addAnkiNote, checkAnkiNote, noteContext } from '#actions/ankiconnect/anki_notes'
import {
  changeTags,
  deleteAnkiNotes,
  setAnkiSuspended,
  updateAnkiNote,
} from '#actions/ankiconnect/edit_anki_notes'
import { cardsInfo, notesInfo } from '#queries/ankiconnect/notes_info'
import { findCardIds, findNoteIds } from '#queries/ankiconnect/find'
import { areSuspended, tagsOfLearner } from '#queries/ankiconnect/card_state'
import { ankiError } from '#services/ankiconnect'
import { deckPaths } from '#queries/ankiconnect/deck_paths'

/* notes, cards and tags */

const list = (value: unknown, name: string) => {
  if (!Array.isArray(value)) throw ankiError(`${name} must be a list`)
  return value
}

export const noteActions: Record<string, ActionHandler> = {
  addNote: async ({ user, params }) => addAnkiNote(user, await noteContext(user), params.note),
  /* one result per note, null where it could not be added (AnkiConnect's addNotes) */
  addNotes: async ({ user, params }) => {
    const context = await noteContext(user)
    const ids = []
    for (const note of list(params.notes, 'notes')) {
      ids.push(await addAnkiNote(user, context, note).catch(() => null))
      if (ids.at(-1) !== null) context.paths = await deckPaths(user)
    }
    return ids
  },
  canAddNotes: async ({ user, params }) => {
    const context = await noteContext(user)
    const answers = []
    for (const note of list(params.notes, 'notes')) {
      answers.push(
        await checkAnkiNote(context, note).then(
          () => true,
          () => false
        )
      )
    }
    return answers
  },
  canAddNotesWithErrorDetail: async ({ user, params }) => {
    const context = await noteContext(user)
    const answers = []
    for (const note of list(params.notes, 'notes')) {
      answers.push(
        await checkAnkiNote(context, note).then(
          () => ({ canAdd: true }),
          (error) => ({ canAdd: false, error: errorText(error) })
        )
      )
    }
    return answers
  },
  updateNoteFields: async ({ user, params }) => {
    await updateAnkiNote(user, await noteContext(user), { note: params.note, tagsToo: false })
    return null
  },
  updateNote: async ({ user, params }) => {
    await updateAnkiNote(user, await noteContext(user), { note: params.note, tagsToo: true })
    return null
  },
  notesInfo: async ({ user, params }) => notesInfo(user, list(params.notes, 'notes')),
  deleteNotes: async ({ user, params }) => {
    await deleteAnkiNotes(user, list(params.notes, 'notes'))
    return null
  },
  findNotes: async ({ user, params }) => findNoteIds(user, params.query),

  findCards: async ({ user, params }) => findCardIds(user, params.query),
  /* Mnemo opens no window for a caller: the cards the browser would show */
  guiBrowse: async ({ user, params }) => findCardIds(user, params.query),
  cardsInfo: async ({ user, params }) => cardsInfo(user, list(params.cards, 'cards')),
  suspend: async ({ user, params }) => setAnkiSuspended(user, list(params.cards, 'cards'), true),
  unsuspend: async ({ user, params }) => setAnkiSuspended(user, list(params.cards, 'cards'), false),
  areSuspended: async ({ user, params }) => areSuspended(user, list(params.cards, 'cards')),

  getTags: async ({ user }) => tagsOfLearner(user),
  addTags: async ({ user, params }) => {
    await changeTags(user, { notes: list(params.notes, 'notes'), tags: params.tags, mode: 'add' })
    return null
  },
  removeTags: async ({ user, params }) => {
    await changeTags(user, {
      notes: list(params.notes, 'notes'),
      tags: params.tags,
      mode: 'remove',
    })
    return null
  },
}
