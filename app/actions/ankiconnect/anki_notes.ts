import type User from '#models/user'
import type NoteType from '#models/note_type'
import { createNote } from '#actions/notes/create_note'
import { setNoteTags } from '#actions/ankiconnect/note_tags'
import { storeMediaFile, isMediaFileName } from '#actions/ankiconnect/store_media_file'
import { accessibleDeckIds } from '#queries/cards/card_search'
import { deckByPath, deckPaths, subtreeOf, type DeckPath } from '#queries/ankiconnect/deck_paths'
import { noteTypesOf } from '#queries/ankiconnect/note_types'
import { hasDuplicate } from '#queries/ankiconnect/duplicates'
import { mediaUrlsByName } from '#queries/ankiconnect/media_names'
import { htmlToPlainText } from '#note_types/plain_text'
import { ankiError, mediaNamesIn, storedReferences } from '#services/ankiconnect'

/*
 * AnkiConnect's notes (addNote, addNotes, canAddNotes…): its note object
 * read onto Mnemo's decks and note types, with its checks in its order
 * (model, deck, empty first field, duplicate), then written through the
 * product's createNote, so the card limits, the premium and guest rules
 * and the image rules are the ones every other door applies.
 */

/** The learner's decks, note types and visible decks, read once for a batch of notes. */
export interface NoteContext {
  paths: DeckPath[]
  types: NoteType[]
  visible: number[]
}

export async function noteContext(user: User): Promise<NoteContext> {
  const [paths, types, visible] = await Promise.all([
    deckPaths(user),
    noteTypesOf(user),
    accessibleDeckIds(user),
  ])
  return { paths, types, visible }
}

export interface CheckedNote {
  deck: DeckPath
  noteType: NoteType
  fields: Record<string, string>
  tags: string[]
  media: Array<{ filename: string; data: string }>
  /** the fields the caller set (by `fields` or a file), by the type's names */
  named: Set<string>
}

const isObject = (value: unknown): value is Record<string, any> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const asList = (value: unknown) => (Array.isArray(value) ? value : value ? [value] : [])

/** Tags as Anki takes them: a list, or one string of space-separated tags. */
export function tagsOf(value: unknown): string[] {
  const raw = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/\s+/) : []
  return [...new Set(raw.filter((tag): tag is string => typeof tag === 'string'))]
    .map((tag) => tag.trim().replace(/"/g, '').slice(0, 100))
    .filter(Boolean)
}

function fieldsOf(noteType: NoteType, given: unknown, named: Set<string>) {
  const fields: Record<string, string> = {}
  for (const field of noteType.definition.fields) fields[field.name] = ''
  if (!isObject(given)) return fields
  /* as AnkiConnect: a name matches its field whatever the case; names the type does not have are left out */
  for (const [name, value] of Object.entries(given)) {
    const match = noteType.definition.fields.find(
      (f) => f.name.toLowerCase() === name.toLowerCase()
    )
    if (!match) continue
    fields[match.name] =
      typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value)
    named.add(match.name)
  }
  return fields
}

/* audio, video and picture: files with base64 `data`, referenced from the fields they name */
function attachMedia(
  note: Record<string, any>,
  fields: Record<string, string>,
  named: Set<string>
) {
  const media: CheckedNote['media'] = []
  for (const kind of ['audio', 'video', 'picture'] as const) {
    for (const item of asList(note[kind])) {
      if (!isObject(item)) continue
      if (!isMediaFileName(item.filename)) throw ankiError('invalid media file name')
      if (typeof item.data !== 'string') {
        throw ankiError('the server fetches no url or path: send the file as base64 "data"')
      }
      media.push({ filename: item.filename, data: item.data })
      const ref = kind === 'picture' ? `<img src="${item.filename}">` : `[sound:${item.filename}]`
      for (const name of asList(item.fields)) {
        const match = Object.keys(fields).find(
          (f) => f.toLowerCase() === String(name).toLowerCase()
        )
        if (!match) continue
        fields[match] += ref
        named.add(match)
      }
    }
  }
  return media
}

/** The decks AnkiConnect's duplicateScope names (null: the whole collection). */
function duplicateDecks(context: NoteContext, deck: DeckPath, options: Record<string, any>) {
  const scope = options.duplicateScope
  const scopeOptions = isObject(options.duplicateScopeOptions) ? options.duplicateScopeOptions : {}
  if (scope === 'deck-root') return subtreeOf(context.paths, deck.rootId)
  if (scope !== 'deck') return null
  let target: DeckPath | null = deck
  if (typeof scopeOptions.deckName === 'string')
    target = deckByPath(context.paths, scopeOptions.deckName)
  /* a deck that does not exist holds no duplicate */
  if (!target) return []
  return scopeOptions.checkChildren === true ? subtreeOf(context.paths, target.id) : [target.id]
}

function optionsOf(note: Record<string, any>) {
  const options = isObject(note.options) ? note.options : {}
  if ('allowDuplicate' in options && typeof options.allowDuplicate !== 'boolean')
    throw ankiError('option parameter "allowDuplicate" must be boolean')
  const scopeOptions = isObject(options.duplicateScopeOptions) ? options.duplicateScopeOptions : {}
  for (const name of ['checkChildren', 'checkAllModels']) {
    if (name in scopeOptions && typeof scopeOptions[name] !== 'boolean')
      throw ankiError(`option parameter "duplicateScopeOptions.${name}" must be boolean`)
  }
  return options
}

/** AnkiConnect's checks of a note to add, in its order; a refusal in its words. */
export async function checkAnkiNote(
  context: NoteContext,
  note: unknown,
  options: { except?: number; fieldsOnly?: boolean } = {}
): Promise<CheckedNote> {
  if (!isObject(note)) throw ankiError('note must be an object')
  const noteType = context.types.find((type) => type.name === note.modelName)
  if (!noteType) throw ankiError(`model was not found: ${note.modelName}`)
  const deck = typeof note.deckName === 'string' ? deckByPath(context.paths, note.deckName) : null
  if (!deck) throw ankiError(`deck was not found: ${note.deckName}`)
  const named = new Set<string>()
  const fields = fieldsOf(noteType, note.fields, named)
  const media = attachMedia(note, fields, named)
  const checked = { deck, noteType, fields, tags: tagsOf(note.tags), media, named }
  if (options.fieldsOnly) return checked
  const duplicateOptions = optionsOf(note)
  const first = fields[noteType.definition.fields[0].name] ?? ''
  if (!first.trim()) throw ankiError('cannot create note because it is empty')
  if (duplicateOptions.allowDuplicate !== true) {
    const scopeOptions = isObject(duplicateOptions.duplicateScopeOptions)
      ? duplicateOptions.duplicateScopeOptions
      : {}
    const duplicate = await hasDuplicate({
      text: htmlToPlainText(first),
      noteTypeId: noteType.id,
      allModels: scopeOptions.checkAllModels === true,
      deckIds: duplicateDecks(context, deck, duplicateOptions),
      accessibleDeckIds: context.visible,
      exceptNoteId: options.except,
    })
    if (duplicate) throw ankiError('cannot create note because it is a duplicate')
  }
  return checked
}

/** Fields with their file names turned into the learner's stored files (media_names.ts). */
export async function storedFields(user: User, fields: Record<string, string>) {
  const urls = await mediaUrlsByName(user, Object.values(fields).flatMap(mediaNamesIn))
  return Object.fromEntries(
    Object.entries(fields).map(([name, html]) => [name, storedReferences(html, urls)])
  )
}

/**
 * addNote: the checked note, its files stored first, written by createNote
 * (in its own transaction, remote images fetched before it), then its tags;
 * answers its id.
 */
export async function addAnkiNote(user: User, context: NoteContext, note: unknown) {
  const checked = await checkAnkiNote(context, note)
  for (const file of checked.media) await storeMediaFile(user, file)
  const fields = await storedFields(user, checked.fields)
  const created = await createNote(user, {
    template_id: checked.noteType.id,
    deck_id: checked.deck.id,
    fields,
  })
  if (checked.tags.length) await setNoteTags(created.id, checked.tags)
  return created.id
}
