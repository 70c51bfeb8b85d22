/*
| Decks, folders, notes and media in the OpenAPI document. Query-string
| parameters are described in each summary; ids lists accept `1,2,3` or arrays.
*/
import { error, obj, op, ref, str, type Schema } from '#services/openapi/schema'

const int = { type: 'integer' }
const bool = { type: 'boolean' }
const ids = { oneOf: [str({ pattern: '^\\d+(,\\d+)*$' }), { type: 'array', items: int }] }
const counters = obj({ total: int, processed: int })
const notFound = { '404': error('Not found, or not yours') }
const busy = { '409': error('Deck archived (E_DECK_ARCHIVED) or being processed (E_DECK_PROCESSING)') }
const limit = { '422': error('Validation, or a business rule: E_CARDS_LIMIT_REACHED, E_NOT_REVERSIBLE, E_IMAGES_NOT_ALLOWED …') }
const auth = true

const deckList = obj({
  decks: { type: 'array', items: ref('Deck') },
  hierarchy: { type: 'array', items: ref('HierarchyNode') },
  templates: { type: 'array', items: ref('Template') },
  numberOfArchivedDecks: int,
  folders: { type: 'array', items: ref('Folder') },
})
/* field keys: the ids GET decks gives each template's fields ("0", "1", …) or their titles */
const fieldsKeyed = 'Keyed by the field ids of the template (GET decks: templates[].fields[].id, as "0", "1", …) or by the field titles; a key naming no field, or a field named twice, is a 422 naming it as sent (`fields.<key>`)'
const noteBody: Schema = obj({
  template_id: int, deck_id: int, fields: { type: 'object', additionalProperties: { type: ['string', 'null'] }, description: fieldsKeyed },
  field_attachments_map: {
    type: ['object', 'null'], additionalProperties: obj({ hideAll: bool, masks: { type: 'array', items: ref('Mask') } }),
    description: 'Image-occlusion masks, keyed like fields; null is the same as absent (an edit keeps the note\'s masks)',
  },
  reverse: bool,
})
const bulk = (summary: string, extra: Record<string, Schema> = {}) =>
  op(summary, {
    auth,
    body: obj({ deck_id: int, ids, select_all: bool, ...extra }, ['deck_id']),
    ok: [200, obj({ count: int, processing: bool })],
    extra: { '202': { description: 'A job took the work over; poll decks/polling' }, ...notFound, ...busy },
  })

export const contentSchemas = {
  Deck: obj({
    id: int, name: str(), children: { type: 'array', items: int }, state: str(), algorithmPreset: str(), algorithmType: str({ enum: ['spacedRepetition', 'speedLearning'] }),
    rootDeckId: int, isRootDeck: bool, parentId: { type: ['integer', 'null'] }, folderId: { type: ['integer', 'null'] }, position: int,
    configuration: { type: 'object' }, newCardsCount: int, totalCardsCount: int, frozenCardsCount: int, learningCardsCount: int,
    graduatedCardsCount: int, totalToReviewCount: int, totalNotStudiedCount: int, nextCardAppearsAt: { type: ['string', 'null'] },
    toLearnTodayTotalCount: int, learntTodayCount: int, reviewLeft: int, studyAgainCardsCount: int, gotItCardsCount: int,
    topCounters: obj({ new: int, learning: int, graduated: int }, ['new', 'learning', 'graduated']),
    fontSettings: { type: 'object' }, source: str(), attachmentsSupported: bool, isAllowedToReport: bool, owner: { type: 'object' },
    notesImportCounters: counters, duplicatingCounters: counters, reverseCounters: counters, notesSortBy: str(), notesOrder: str(),
  }),
  HierarchyNode: obj({ id: int, rootDeckId: int, children: { type: 'array', items: { type: 'object' } } }),
  Template: obj({ id: int, title: str(), kind: str(), isDefault: bool, fields: { type: 'array', items: obj({ id: int, title: str(), isRequired: bool }) } }),
  Folder: obj({ id: int, name: str(), color: str(), emojiUtf16: { type: ['string', 'null'] }, position: int, decks: { type: 'array', items: int } }),
  Mask: obj({ id: str(), group: int, x: { type: 'number' }, y: { type: 'number' }, width: { type: 'number' }, height: { type: 'number' }, angle: { type: 'number' } }),
  Note: obj({
    id: int, guid: str(), front: obj({ rawHtml: str(), preview: str() }), back: obj({ rawHtml: str(), preview: str() }),
    hasImage: bool, hasAudio: bool, templateId: int, isReversed: bool,
    fields: { type: 'object', additionalProperties: str(), description: 'Keyed by field id (the template\'s fields[].id in GET decks), in the template\'s order' },
    fieldAttachmentsMap: { type: 'object', description: 'Image-occlusion masks, keyed by field id' },
    isSuspended: { ...bool, description: 'Some of the note\'s cards are out of this learner\'s study (removed in a session); bulk_action unsuspend brings them back' },
    suspendedCardsCount: int,
    label: { type: ['object', 'null'] }, nextReviewAt: { type: ['string', 'null'] }, numberOfCards: int, learningState: str(), isFrozen: bool,
    rootDeckId: int, deckId: int,
  }),
}

export const contentPaths = {
  '/decks': {
    get: op('Deck list with hierarchy, templates and folders (query: deck_ids, folder_id)', { auth, ok: [200, deckList] }),
    post: op('Create a deck or subdeck', { auth, body: obj({ deck: obj({ name: str(), parent_id: int, folder_id: int, source: str() }, ['name']) }, ['deck']), ok: [201, ref('Deck')], extra: { ...notFound, ...busy } }),
  },
  '/decks/polling': { get: op('Decks a job is working on, or whose job failed', { auth, ok: [200, obj({ decks: { type: 'array', items: obj({ id: int, state: str(), counters, folderId: int, destinationName: str() }) } })] }) },
  '/decks/light_collection': { get: op('Every deck, without counts (pickers)', { auth, ok: [200, obj({ decks: { type: 'array' }, hierarchy: { type: 'array' } })] }) },
  '/decks/archived': { get: op('The archived decks', { auth, ok: [200, deckList] }) },
  '/decks/move_deck': { post: op('Move a deck into a folder (folder_id), under a deck (parent_deck_id) or to the top; returns the hierarchy', { auth, body: obj({ deck_id: int, folder_id: int, parent_deck_id: int }, ['deck_id']), ok: [200, obj({ hierarchy: { type: 'array' }, folders: { type: 'array' } })], extra: { ...notFound, ...busy, '422': error('E_DECK_MOVE_CYCLE, E_DIFFERENT_ALGORITHMS') } }) },
  '/decks/reorder': { post: op('Set the order of decks (deck_ids)', { auth, body: obj({ deck_ids: ids }, ['deck_ids']), ok: [204, null], extra: notFound }) },
  '/decks/{id}': {
    get: op('One deck with its counts', { auth, params: ['id'], ok: [200, ref('Deck')], extra: notFound }),
    put: op('Update a deck', { auth, params: ['id'], body: obj({ deck: { type: 'object' } }, ['deck']), ok: [200, ref('Deck')], extra: { ...notFound, ...busy } }),
    delete: op('Delete a deck with its subdecks and notes', { auth, params: ['id'], ok: [204, null], extra: notFound }),
  },
  '/decks/{id}/duplicate': { post: op('Duplicate (query: keep_progress, destination_id, folder_id); the copy fills in a job', { auth, params: ['id'], ok: [202, ref('Deck')], extra: notFound }) },
  '/decks/{id}/reset_progress': { post: op('Back to not studied, subdecks included', { auth, params: ['id'], ok: [200, ref('Deck')], extra: { ...notFound, ...busy } }) },
  '/decks/{id}/report': { post: op('Report a library or pre-made deck', { auth, params: ['id'], body: obj({ report_text: str() }, ['report_text']), ok: [201, obj({ reported: bool })], extra: { ...notFound, '422': error('E_NOT_REPORTABLE') } }) },
  '/decks/{id}/archive': { post: op('Archive a root deck with its subdecks', { auth, params: ['id'], ok: [200, ref('Deck')], extra: { ...notFound, '422': error('E_SUBDECK_ARCHIVE') } }) },
  '/decks/{id}/restore': { post: op('Restore an archived deck', { auth, params: ['id'], ok: [200, ref('Deck')], extra: notFound }) },

  '/folders': {
    get: op('Folders with their decks', { auth, ok: [200, obj({ folders: { type: 'array', items: ref('Folder') } })] }),
    post: op('Create a folder', { auth, body: obj({ name: str(), color: str(), emoji_utf_16: { type: ['string', 'null'] }, assign_deck_ids: ids }, ['name']), ok: [201, ref('Folder')] }),
  },
  '/folders/reorder': { post: op('Set the order of folders (folder_ids)', { auth, body: obj({ folder_ids: ids }, ['folder_ids']), ok: [204, null], extra: notFound }) },
  '/folders/{id}': {
    get: op('One folder', { auth, params: ['id'], ok: [200, ref('Folder')], extra: notFound }),
    put: op('Rename, recolor, set the emoji, or assign decks', { auth, params: ['id'], body: obj({ name: str(), color: str(), emoji_utf_16: { type: ['string', 'null'] }, assign_deck_ids: ids }), ok: [200, ref('Folder')], extra: notFound }),
    delete: op('Delete a folder; its decks stay', { auth, params: ['id'], ok: [204, null], extra: notFound }),
  },

  '/notes': {
    get: op('Notes of a deck and its subdecks (query: deck_id, offset, limit=20, query, learning_state, frozen, suspended (true: notes with a card removed from study), sort_by, order)', { auth, ok: [200, obj({ notes: { type: 'array', items: ref('Note') }, total: int, offset: int, limit: int, sortBy: str(), order: str() })], extra: notFound }),
    post: op('Create a note; its cards are generated. fields are keyed by field id (or title); the answer keys them by id', { auth, body: obj({ note: noteBody }, ['note']), ok: [201, ref('Note')], extra: { ...notFound, ...busy, ...limit } }),
  },
  '/notes/preview': { post: op('Render the cards a note would make, without saving', { auth, body: obj({ note: noteBody }, ['note']), ok: [200, obj({ cards: { type: 'array', items: obj({ ord: int, label: { type: 'object' }, front: str(), back: str() }) }, css: str() })], extra: notFound }) },
  '/notes/bulk_create': { post: op('Create Basic notes from front/back pairs, all or none', { auth, body: obj({ deck_id: int, template_id: int, import_data: { type: 'array', items: obj({ front: str(), back: str() }) } }, ['deck_id', 'import_data']), ok: [201, obj({ ids: { type: 'array', items: int }, count: int })], extra: { ...notFound, ...busy, ...limit } }) },
  '/notes/cards': { get: op('Cards of notes, rendered, with progress (query: deck_id, ids, offset)', { auth, ok: [200, obj({ cards: { type: 'array' }, offset: int, limit: int })], extra: notFound }) },
  '/notes/find_duplicates': { get: op('Notes whose first field reads the same (query: deck_id, query)', { auth, ok: [200, obj({ groups: { type: 'array' } })], extra: notFound }) },
  '/notes/bulk_destroy': { delete: bulk('Delete notes') },
  '/notes/bulk_freeze': { post: bulk('Freeze the notes\' cards') },
  '/notes/bulk_unfreeze': { post: bulk('Unfreeze the notes\' cards') },
  '/notes/bulk_move': { post: bulk('Move notes to another deck (a job; another algorithm preset resets progress)', { destination_deck_id: int }) },
  '/notes/bulk_duplicate': { post: bulk('Duplicate notes in their decks') },
  '/notes/bulk_action': {
    post: bulk('reverse, unreverse, freeze, unfreeze, suspend (take every card of the notes out of this learner\'s study), unsuspend (bring them back), reset_progress, destroy, duplicate or move', {
      bulk_action: str({ enum: ['reverse', 'unreverse', 'freeze', 'unfreeze', 'suspend', 'unsuspend', 'reset_progress', 'destroy', 'duplicate', 'move'] }), note_ids: ids, destination_deck_id: int,
    }),
  },
  '/notes/{id}': {
    get: op('One note', { auth, params: ['id'], ok: [200, ref('Note')], extra: notFound }),
    put: op('Edit a note; cards follow its clozes, groups and reverse flag. fields are keyed by field id (or title); the answer keys them by id', { auth, params: ['id'], body: obj({ note: noteBody }, ['note']), ok: [200, ref('Note')], extra: { ...notFound, ...busy, ...limit } }),
  },
  '/card_attachments': { post: op('Upload an image (≤ 10 MB), sound or video (≤ 25 MB) for a deck: multipart file, deck_id', { auth, ok: [200, obj({ id: int, type: str({ enum: ['image', 'audio', 'video'] }), url: str() })], extra: { ...notFound, '422': error('E_UNSUPPORTED_MEDIA, E_IMAGE_TOO_BIG, E_IMAGES_NOT_ALLOWED') } }) },
}
