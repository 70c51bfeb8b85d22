/*
| Decks, folders, notes and media in the OpenAPI document. Query-string
| parameters are described in each summary; ids lists accept `1,2,3` or arrays.
*/
import { bool, entity, error, int, listOf, mapOf, nullable, num, obj, op, ref, str, unprocessable, type Schema } from '#services/openapi/schema'
import { DECK_SOURCES, DECK_STATES } from '#models/deck'
import { FOLDER_COLORS } from '#models/folder'

const ids = { oneOf: [str({ pattern: '^\\d+(,\\d+)*$' }), { type: 'array', items: int }] }
const counters = obj({ total: int, processed: int }, ['total', 'processed'])
const notFound = { '404': error('Not found, or not yours') }
/* a shared deck the caller sees but whose role does not allow the change (app/policies/deck_policy.ts) */
const forbidden = { '403': error('Your role on this shared deck does not allow it (E_FORBIDDEN), with the reason as title') }
const busy = { '409': error('Deck archived (E_DECK_ARCHIVED) or being processed (E_DECK_PROCESSING)') }
const limit = { '422': unprocessable('Validation, or a business rule: E_CARDS_LIMIT_REACHED, E_NOT_REVERSIBLE, E_IMAGES_NOT_ALLOWED …') }
const auth = true
const date = str({ format: 'date-time' })
const deviceFont = entity({ fontFamily: str(), size: num, alignment: str({ enum: ['left', 'center', 'right'] }) }, ['fontFamily'])
const algorithmType = str({ enum: ['spacedRepetition', 'speedLearning'] })

const deckList = entity({
  decks: { ...listOf(ref('Deck')), description: 'every selected deck once, flat (subdecks too), each with children empty: the answer grows with the number of decks, not their depth' },
  hierarchy: { ...listOf(ref('HierarchyNode')), description: 'the id tree of decks: what a client rebuilds the nesting from' },
  templates: listOf(ref('Template')),
  numberOfArchivedDecks: int,
  folders: listOf(ref('Folder')),
  unavailableDecks: listOf(entity({ id: int, name: str(), reason: str({ enum: ['deleted_by_owner', 'access_removed', 'sharing_stopped'] }) })),
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
    extra: { '202': { description: 'A job took the work over; poll decks/polling' }, ...notFound, ...forbidden, ...busy },
  })
const ttsEntry = entity({ string_index: int, text: str(), audio_file: nullable(str()), state: str({ enum: ['pending', 'generated', 'failed'] }), language: str(), error_code: nullable(str({ description: 'why a failed entry failed: E_TTS_TEXT_TOO_LONG (over 1000 characters), E_TTS_LANGUAGE_UNAVAILABLE (no text-to-speech engine or language installed), E_TTS_PROVIDER, E_TTS_ENGINE' })) })

/* One schema per entity: what the transformers (app/transformers) give. */
export const contentSchemas = {
  Deck: entity({
    id: int, name: str(),
    children: { ...listOf(ref('Deck')), description: 'An answer about one deck (GET, POST, PUT decks/{id}, archive, restore, duplicate, a join\'s deck, …): its subdecks, each a whole Deck with its own children, each deck once. In a list (GET decks, GET decks/archived) always empty: every deck is listed once, flat, and the tree is the list\'s hierarchy (or each deck\'s parentId, siblings by position). Trees are at most 20 levels deep (a main deck is level 1).' },
    state: str({ enum: [...DECK_STATES] }),
    collaboration: entity({ count: int, role: str({ enum: ['owner', 'editor', 'viewer'] }), state: str() }),
    algorithmPreset: str(), algorithmType, rootDeckId: int, isRootDeck: bool, parentId: nullable(int), position: int,
    offlineModeEnabled: bool, offlineAvailableCount: int, shuffleCardsEnabled: bool, folderId: nullable(int),
    configuration: entity({ newCards: entity({ newCardsPerDay: nullable(int) }), maxCards: entity({ maxCardsPerDay: nullable(int) }) }),
    examDate: nullable(str({ format: 'date', description: 'exam mode: the day the root deck plans toward (set on the root deck, deck.exam_date); null: none' })),
    examNewCardsCeiling: nullable({ ...int, description: 'exam mode: the most new cards a day while preparing (deck.exam_new_cards_ceiling); null: no ceiling' }),
    hasChanges: bool, templatesIds: listOf(int),
    totalCardsCount: int, newCardsCount: int, learningCardsCount: int, graduatedCardsCount: int, frozenCardsCount: int,
    totalToReviewCount: int, toLearnTodayTotalCount: int, learntTodayCount: int, studyAgainCardsCount: int, gotItCardsCount: int,
    nextCardAppearsAt: nullable(date), learningTotalCardsCount: int, graduatedTotalCardsCount: int, totalNotStudiedCount: int, reviewLeft: int,
    fontSettings: entity({ desktop: deviceFont, tablet: deviceFont, phone: deviceFont }),
    clonedFromId: nullable(int), source: str({ enum: [...DECK_SOURCES] }), cardPresetId: nullable(int),
    isSpeedLearningAvailable: bool, isReversedCardModeAvailable: bool, attachmentsSupported: bool, isAllowedToReport: bool,
    clonedFromLibrary: bool, librarySharingEnabled: bool, importedFromFile: bool,
    ttsEnabled: bool, ttsWholeCardPronunciation: bool, ttsAutoplayEnabled: bool, ttsFrontSideLanguage: nullable(str()), ttsBackSideLanguage: nullable(str()),
    owner: entity({
      id: int, name: nullable(str()), username: nullable(str()), avatarColor: str({ enum: ['blue', 'violet', 'orange', 'red', 'green'] }),
      avatarUrl: nullable(str()), role: str({ enum: ['owner', 'editor', 'viewer'] }),
    }),
    sharingEnabled: bool, sharingLink: nullable(str()), sharingToken: nullable(str()),
    publicDeck: nullable(entity({
      id: int, url: str({ description: 'the library page: /library/decks/<slug>' }), name: str(), description: str(), status: str({ enum: ['pending', 'approved'] }),
      deckRevisionId: { ...int, description: 'the latest revision (pending, approved, rejected or unpublished)' },
      revisionStatus: nullable(str({ enum: ['pending', 'approved', 'rejected', 'unpublished'] })), reason: nullable(str({ description: 'why the latest revision was rejected' })),
      unpublishedAt: nullable(date),
    }, ['revisionStatus', 'reason', 'unpublishedAt'])),
    libraryUpdate: nullable(entity({
      revisionId: int, version: int, changes: entity({ createdCount: int, updatedCount: int, deletedCount: int }),
    })),
    notesImportCounters: nullable(counters), duplicatingCounters: nullable(counters), reverseCounters: nullable(counters),
    notesSortBy: str({ enum: ['next_review_at', 'created_at', 'alphabetical'] }), notesOrder: str({ enum: ['ASC', 'DESC'] }),
    noCardsLimit: bool, archivedAt: nullable(date), createdAt: date,
    topCounters: { ...entity({ new: int, learning: int, graduated: int }), description: 'the counters a study session of this deck starts with (the learning answers\' topCounters)' },
  }),
  HierarchyNode: entity({ id: int, rootDeckId: int, children: listOf(ref('HierarchyNode')) }),
  Template: entity({
    id: int, title: str(), kind: str({ enum: ['basic', 'reversed', 'cloze', 'image_occlusion', 'type_in', 'custom'] }), isDefault: bool,
    fields: listOf(entity({ id: int, title: str(), isRequired: bool })), reversible: bool,
  }),
  Folder: entity({ id: int, name: str(), color: str({ enum: [...FOLDER_COLORS] }), emojiUtf16: nullable(str()), position: int, decks: listOf(int) }),
  Mask: entity({ id: str(), group: int, x: num, y: num, width: num, height: num, angle: num }),
  CardLabel: obj(
    { type: str({ enum: ['standard', 'reversed', 'cloze', 'occlusion'] }), template: str(), index: int, group: int },
    ['type']
  ),
  Note: entity({
    id: int, guid: str(),
    front: entity({ tts: nullable(str()), rawHtml: str(), preview: str() }),
    back: entity({ tts: nullable(str()), rawHtml: str(), preview: str() }),
    css: str(), hasImage: bool, hasAudio: bool,
    fields: { ...mapOf(str()), description: 'Keyed by field id (the template\'s fields[].id in GET decks), in the template\'s order' },
    fieldAttachmentsMap: { ...mapOf(entity({ hideAll: bool, masks: listOf(ref('Mask')) })), description: 'Image-occlusion masks, keyed by field id' },
    fieldAttachmentUrls: mapOf(listOf(str())),
    textToSpeechMap: entity({ front: listOf(ttsEntry), back: listOf(ttsEntry) }),
    templateId: int, isReversed: bool, label: nullable(ref('CardLabel')), tags: listOf(str()),
    nextReviewAt: nullable(date), numberOfCards: int, noteCardsCount: int,
    learningState: str({ enum: ['new', 'learning', 'graduated', 'study_again', 'got_it'] }), isFrozen: bool,
    libraryNoteId: nullable(int), rootDeckId: int, deckId: int, sortText: str(), createdAt: date, updatedAt: date,
    isSuspended: { ...bool, description: 'Some of the note\'s cards are out of this learner\'s study (removed in a session); bulk_action unsuspend brings them back' },
    suspendedCardsCount: int,
  }),
  NoteCard: entity({
    id: int, noteId: int, deckId: int, ord: int, label: ref('CardLabel'), front: str(), back: str(), css: str(),
    state: str(), isFrozen: bool, isSuspended: { ...bool, description: 'out of this learner\'s study (removed in a session)' },
    dueAt: nullable(date), intervalDays: num, reps: int, lapses: int,
  }),
}

export const contentPaths = {
  '/decks': {
    get: op('Deck list with hierarchy, templates and folders (query: deck_ids, folder_id)', { auth, ok: [200, deckList] }),
    post: op('Create a deck or subdeck', { auth, body: obj({ deck: obj({ name: str(), parent_id: int, folder_id: int, source: str() }, ['name']) }, ['deck']), ok: [201, ref('Deck')], extra: { ...notFound, ...forbidden, ...busy, '422': unprocessable('E_DECK_TOO_DEEP (deck.parent_id): the subdeck would be below level 20') } }),
  },
  '/decks/polling': {
    get: op('Decks a job is working on, or whose job failed', {
      auth,
      ok: [200, entity({ decks: listOf(entity({ id: int, state: str({ enum: [...DECK_STATES] }), counters, folderId: nullable(int), name: str(), destinationName: nullable(str()), failureCode: nullable(str({ description: 'Why the last job of a processing_failed deck was refused, having changed nothing (E_CARDS_LIMIT_REACHED: the destination deck had no room left); null when it failed otherwise or did not fail' })), processingState: nullable(str({ enum: ['processing', 'cloning', 'duplicating', 'notesMoving', 'notesImporting', 'aiStreaming', 'bulkReversing'], description: 'The spec\'s name of the polled processing state (ai_notes_generation is aiStreaming); null for other states' })), streamId: nullable({ ...int, description: 'ai_notes_generation: the AI stream filling the deck; when the deck leaves the poll, GET notes/stream_status gives its notes and count' }) })) })],
    }),
  },
  '/decks/light_collection': {
    get: op('Every deck, without counts (pickers)', {
      auth,
      ok: [200, entity({
        decks: listOf(entity({ id: int, name: str(), parentId: nullable(int), rootDeckId: nullable(int), folderId: nullable(int), algorithmPreset: str(), state: str({ enum: [...DECK_STATES] }) })),
        hierarchy: listOf(ref('HierarchyNode')),
      })],
    }),
  },
  '/decks/archived': { get: op('The archived decks', { auth, ok: [200, deckList] }) },
  '/decks/move_deck': { post: op('Move a deck into a folder (folder_id), under a deck (parent_deck_id) or to the top; returns the hierarchy', { auth, body: obj({ deck_id: int, folder_id: int, parent_deck_id: int }, ['deck_id']), ok: [200, entity({ hierarchy: listOf(ref('HierarchyNode')), folders: listOf(ref('Folder')) })], extra: { ...notFound, ...forbidden, ...busy, '422': unprocessable('E_DECK_MOVE_CYCLE, E_DIFFERENT_ALGORITHMS, E_DECK_TOO_DEEP (parent_deck_id: the deck\'s lowest subdeck would be below level 20)') } }) },
  '/decks/reorder': { post: op('Set the order of decks (deck_ids)', { auth, body: obj({ deck_ids: ids }, ['deck_ids']), ok: [204, null], extra: notFound }) },
  '/decks/{id}': {
    get: op('One deck with its counts', { auth, params: ['id'], ok: [200, ref('Deck')], extra: notFound }),
    put: op('Update a deck', {
      auth, params: ['id'], body: obj({ deck: { type: 'object' } }, ['deck']), ok: [200, ref('Deck')],
      extra: { '402': error('E_PREMIUM_REQUIRED (feature text_to_speech): turning tts_enabled on is premium'), ...notFound, ...forbidden, ...busy },
    }),
    delete: op('Delete a deck with its subdecks and notes', { auth, params: ['id'], ok: [204, null], extra: { ...notFound, ...forbidden, ...forbidden } }),
  },
  '/decks/{id}/duplicate': { post: op('Duplicate (query: keep_progress, destination_id, folder_id); the copy fills in a job', { auth, params: ['id'], ok: [202, ref('Deck')], extra: { ...notFound, ...forbidden, '422': unprocessable('E_DECK_MOVE_CYCLE, E_DIFFERENT_ALGORITHMS, E_DECK_TOO_DEEP (destination_id: the copy\'s lowest subdeck would be below level 20)') } }) },
  '/decks/{id}/reset_progress': { post: op('Back to not studied, subdecks included', { auth, params: ['id'], ok: [200, ref('Deck')], extra: { ...notFound, ...busy } }) },
  '/decks/{id}/report': { post: op('Report a library or pre-made deck', { auth, params: ['id'], body: obj({ report_text: str() }, ['report_text']), ok: [201, obj({ reported: bool })], extra: { ...notFound, '422': unprocessable('E_NOT_REPORTABLE') } }) },
  '/decks/{id}/archive': { post: op('Archive a root deck with its subdecks', { auth, params: ['id'], ok: [200, ref('Deck')], extra: { ...notFound, ...forbidden, '422': unprocessable('E_SUBDECK_ARCHIVE') } }) },
  '/decks/{id}/restore': { post: op('Restore an archived deck', { auth, params: ['id'], ok: [200, ref('Deck')], extra: { ...notFound, ...forbidden, ...forbidden } }) },

  '/folders': {
    get: op('Folders with their decks', { auth, ok: [200, entity({ folders: listOf(ref('Folder')) })] }),
    post: op('Create a folder', { auth, body: obj({ name: str(), color: str(), emoji_utf_16: { type: ['string', 'null'] }, assign_deck_ids: ids }, ['name']), ok: [201, ref('Folder')] }),
  },
  '/folders/reorder': { post: op('Set the order of folders (folder_ids)', { auth, body: obj({ folder_ids: ids }, ['folder_ids']), ok: [204, null], extra: notFound }) },
  '/folders/{id}': {
    get: op('One folder', { auth, params: ['id'], ok: [200, ref('Folder')], extra: notFound }),
    put: op('Rename, recolor, set the emoji, or assign decks', { auth, params: ['id'], body: obj({ name: str(), color: str(), emoji_utf_16: { type: ['string', 'null'] }, assign_deck_ids: ids }), ok: [200, ref('Folder')], extra: notFound }),
    delete: op('Delete a folder; its decks stay', { auth, params: ['id'], ok: [204, null], extra: notFound }),
  },

  '/notes': {
    get: op('Notes of a deck and its subdecks (query: deck_id, offset, limit=20, query, learning_state, frozen, suspended (true: notes with a card removed from study), sort_by, order, search: the card search language, docs/card-browser.md; with search, deck_id may be left out to search every deck; a malformed search is 422 E_INVALID_SEARCH with position and expected)', { auth, ok: [200, entity({ notes: listOf(ref('Note')), total: int, offset: int, limit: int, sortBy: str(), order: str() })], extra: { ...notFound, '422': unprocessable('E_VALIDATION_ERROR, E_INVALID_SEARCH') } }),
    post: op('Create a note; its cards are generated. fields are keyed by field id (or title); the answer keys them by id', { auth, body: obj({ note: noteBody }, ['note']), ok: [201, ref('Note')], extra: { ...notFound, ...forbidden, ...busy, ...limit } }),
  },
  '/notes/preview': { post: op('Render the cards a note would make, without saving', { auth, body: obj({ note: noteBody }, ['note']), ok: [200, entity({ cards: listOf(entity({ ord: int, label: ref('CardLabel'), front: str(), back: str() })), css: str(), custom: bool })], extra: notFound }) },
  '/notes/bulk_create': { post: op('Create Basic notes from front/back pairs, all or none', { auth, body: obj({ deck_id: int, template_id: int, import_data: { type: 'array', items: obj({ front: str(), back: str() }) } }, ['deck_id', 'import_data']), ok: [201, obj({ ids: { type: 'array', items: int }, count: int })], extra: { ...notFound, ...forbidden, ...busy, ...limit } }) },
  '/notes/cards': { get: op('Cards of notes, rendered, with progress (query: deck_id, ids, offset, search: the card search language; with search, deck_id may be left out to search every deck)', { auth, ok: [200, entity({ cards: listOf(ref('NoteCard')), offset: int, limit: int })], extra: { ...notFound, '422': unprocessable('E_VALIDATION_ERROR, E_INVALID_SEARCH') } }) },
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
    put: op('Edit a note; cards follow its clozes, groups and reverse flag. fields are keyed by field id (or title); the answer keys them by id', { auth, params: ['id'], body: obj({ note: noteBody }, ['note']), ok: [200, ref('Note')], extra: { ...notFound, ...forbidden, ...busy, ...limit } }),
  },
  '/card_attachments': { post: op('Upload an image (≤ 10 MB), sound or video (≤ 25 MB) for a deck: multipart file, deck_id', { auth, ok: [200, obj({ id: int, type: str({ enum: ['image', 'audio', 'video'] }), url: str() })], extra: { ...notFound, ...forbidden, '422': unprocessable('E_UNSUPPORTED_MEDIA, E_IMAGE_TOO_BIG, E_IMAGES_NOT_ALLOWED') } }) },
}
