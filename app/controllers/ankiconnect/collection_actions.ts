import drive from '@adonisjs/drive/services/main'
import type { ActionHandler } from '#controllers/ankiconnect/protocol'
import { createDeckPath } from '#actions/ankiconnect/create_deck_path'
import { storeMediaFile, isMediaFileName } from '#actions/ankiconnect/store_media_file'
import { deckPaths, type DeckPath } from '#queries/ankiconnect/deck_paths'
import { noteTypeNamed, noteTypesOf } from '#queries/ankiconnect/note_types'
import { mediaNamed } from '#queries/ankiconnect/media_names'
import { ankiError } from '#services/ankiconnect'
import type NoteType from '#models/note_type'

/* decks, models (note types) and media */

async function modelNamed(user: { id: number }, name: unknown) {
  const type = await noteTypeNamed(user, name)
  if (!type) throw ankiError(`model was not found: ${name}`)
  return type
}

const names = (paths: DeckPath[]) => paths.map((deck) => deck.path)
/* two decks with one path: the older answers for it */
const namesAndIds = (paths: DeckPath[]) =>
  Object.fromEntries(paths.toReversed().map((deck) => [deck.path, deck.id]))
const templatesOf = (type: NoteType) =>
  Object.fromEntries(
    type.definition.templates.map((template) => [
      template.name,
      { Front: template.front, Back: template.back },
    ])
  )

export const collectionActions: Record<string, ActionHandler> = {
  deckNames: ({ user }) => deckPaths(user).then(names),
  deckNamesAndIds: ({ user }) => deckPaths(user).then(namesAndIds),
  createDeck: ({ user, params }) => {
    if (typeof params.deck !== 'string') throw ankiError('deck must be a string')
    return createDeckPath(user, params.deck)
  },

  modelNames: ({ user }) => noteTypesOf(user).then((types) => types.map((type) => type.name)),
  modelNamesAndIds: ({ user }) =>
    noteTypesOf(user).then((types) =>
      Object.fromEntries(types.map((type) => [type.name, type.id]))
    ),
  modelFieldNames: ({ user, params }) =>
    modelNamed(user, params.modelName).then((type) =>
      type.definition.fields.map((field) => field.name)
    ),
  modelTemplates: ({ user, params }) => modelNamed(user, params.modelName).then(templatesOf),

  storeMediaFile: async ({ user, params }) => {
    if (!isMediaFileName(params.filename)) throw ankiError('invalid media file name')
    if (typeof params.data !== 'string') {
      if (typeof params.url === 'string' || typeof params.path === 'string')
        throw ankiError('the server fetches no url or path: send the file as base64 "data"')
      throw ankiError('You must provide a "data", "path", or "url" field.')
    }
    await storeMediaFile(user, { filename: params.filename, data: params.data })
    return params.filename
  },
  retrieveMediaFile: async ({ user, params }) => {
    if (!isMediaFileName(params.filename)) return false
    const media = await mediaNamed(user, params.filename)
    if (!media) return false
    return Buffer.from(await drive.use().getBytes(`media/${media.key}`)).toString('base64')
  },
}
