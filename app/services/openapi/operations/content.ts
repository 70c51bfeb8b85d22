/* content */
import type { Operations } from '#services/openapi/operation'
import {
  attachmentValidator,
  base64AttachmentValidator,
  bulkCreateValidator,
  bulkNotesValidator,
  createDeckValidator,
  createFolderValidator,
  createNoteValidator,
  duplicateDeckValidator,
  findDuplicatesValidator,
  folderValidator,
  listDecksValidator,
  listNotesValidator,
  moveDeckValidator,
  notesCardsValidator,
  previewNoteValidator,
  reorderDecksValidator,
  reorderFoldersValidator,
  reportDeckValidator,
  updateDeckValidator,
  updateNoteValidator,
} from '#validators/content'

export const contentOperations: Operations = {
  'GET /decks': {
    summary: 'Deck list with hierarchy, templates and folders',
    description: 'Deck list with hierarchy, templates and folders (query: deck_ids, folder_id)',
    query: listDecksValidator,
    ok: { 200: 'DeckList' },
  },
  'POST /decks': {
    summary: 'Create a deck or subdeck',
    body: createDeckValidator,
    ok: { 201: 'Deck' },
    errors: [403, 404, 409],
  },
  'GET /decks/polling': {
    summary: 'Decks a job is working on, or whose job failed',
    ok: { 200: 'PollingDeckList' },
  },
  'GET /decks/light_collection': {
    summary: 'Every deck, without counts (pickers)',
    ok: { 200: 'LightDeckList' },
  },
  'GET /decks/archived': {
    summary: 'The archived decks',
    ok: { 200: 'DeckList' },
  },
  'POST /decks/move_deck': {
    summary: 'Move a deck into a folder (folder_id), under a deck (parent_deck_id) or to the top',
    description:
      'Move a deck into a folder (folder_id), under a deck (parent_deck_id) or to the top; returns the ' +
      'hierarchy',
    body: moveDeckValidator,
    ok: { 200: 'DeckTree' },
    errors: [403, 404, 409],
  },
  'POST /decks/reorder': {
    summary: 'Set the order of decks (deck_ids)',
    body: reorderDecksValidator,
    ok: { 204: null },
    errors: [404],
  },
  'GET /decks/{id}': {
    summary: 'One deck with its counts',
    ok: { 200: 'Deck' },
    /* 410 E_DECK_UNAVAILABLE: a shared deck the caller took part in and no longer may see (reason says why) */
    errors: [404, 410],
  },
  'PUT /decks/{id}': {
    summary: 'Update a deck',
    body: updateDeckValidator,
    ok: { 200: 'Deck' },
    errors: [402, 403, 404, 409, 410],
  },
  'DELETE /decks/{id}': {
    summary: 'Delete a deck with its subdecks and notes',
    ok: { 204: null },
    errors: [403, 404, 410],
  },
  'POST /decks/{id}/duplicate': {
    summary: 'Duplicate a deck; a job fills in the copy',
    description:
      'Duplicate (query: keep_progress, destination_id, folder_id); the copy fills in a job',
    query: duplicateDeckValidator,
    ok: { 202: 'Deck' },
    errors: [403, 404, 410],
  },
  'POST /decks/{id}/reset_progress': {
    summary: 'Back to not studied, subdecks included',
    ok: { 200: 'Deck' },
    errors: [404, 409, 410],
  },
  'POST /decks/{id}/report': {
    summary: 'Report a library or pre-made deck',
    body: reportDeckValidator,
    ok: { 201: 'Reported' },
    errors: [404],
  },
  'POST /decks/{id}/archive': {
    summary: 'Archive a root deck with its subdecks',
    ok: { 200: 'Deck' },
    errors: [403, 404, 410],
  },
  'POST /decks/{id}/restore': {
    summary: 'Restore an archived deck',
    ok: { 200: 'Deck' },
    errors: [403, 404, 410],
  },
  'GET /folders': {
    summary: 'Folders with their decks',
    ok: { 200: 'FolderList' },
  },
  'POST /folders': {
    summary: 'Create a folder',
    body: createFolderValidator,
    ok: { 201: 'Folder' },
  },
  'POST /folders/reorder': {
    summary: 'Set the order of folders (folder_ids)',
    body: reorderFoldersValidator,
    ok: { 204: null },
    errors: [404],
  },
  'GET /folders/{id}': {
    summary: 'One folder',
    ok: { 200: 'Folder' },
    errors: [404],
  },
  'PUT /folders/{id}': {
    summary: 'Rename, recolor, set the emoji, or assign decks',
    body: folderValidator,
    ok: { 200: 'Folder' },
    errors: [404],
  },
  'DELETE /folders/{id}': {
    summary: 'Delete a folder; its decks stay',
    ok: { 204: null },
    errors: [404],
  },
  'GET /notes': {
    summary: 'Notes of a deck and its subdecks',
    description:
      'Notes of a deck and its subdecks (query: deck_id, offset, limit=20, query, learning_state, ' +
      'frozen, suspended (true: notes with a card removed from study), sort_by, order, search: the card ' +
      'search language, README; with search, deck_id may be left out to search every deck; a malformed ' +
      'search is 422 E_INVALID_SEARCH with position and expected)',
    query: listNotesValidator,
    ok: { 200: 'NotePage' },
    errors: [404, 410],
  },
  'POST /notes': {
    summary: 'Create a note; its cards are generated',
    description:
      'Create a note; its cards are generated. fields are keyed by field id (or title); the answer keys ' +
      'them by id',
    body: createNoteValidator,
    ok: { 201: 'Note' },
    errors: [402, 403, 404, 409, 410],
  },
  'POST /notes/preview': {
    summary: 'Render the cards a note would make, without saving',
    body: previewNoteValidator,
    ok: { 200: 'NotePreview' },
    errors: [404],
  },
  'POST /notes/bulk_create': {
    summary: 'Create Basic notes from front/back pairs, all or none',
    body: bulkCreateValidator,
    ok: { 201: 'NotesCreated' },
    errors: [403, 404, 409, 410],
  },
  'GET /notes/cards': {
    summary: 'Cards of notes, rendered, with progress',
    description:
      'Cards of notes, rendered, with progress (query: deck_id, ids, offset, search: the card search ' +
      'language; with search, deck_id may be left out to search every deck)',
    query: notesCardsValidator,
    ok: { 200: 'CardPage' },
    errors: [404, 410],
  },
  'GET /notes/find_duplicates': {
    summary: 'Notes whose first field reads the same',
    description: 'Notes whose first field reads the same (query: deck_id, query)',
    query: findDuplicatesValidator,
    ok: { 200: 'NoteDuplicates' },
    errors: [404, 410],
  },
  'DELETE /notes/bulk_destroy': {
    summary: 'Delete notes',
    body: bulkNotesValidator,
    ok: { 200: 'BulkNotesResult', 202: 'BulkNotesResult' },
    errors: [403, 404, 409, 410],
  },
  'POST /notes/bulk_freeze': {
    summary: "Freeze the notes' cards",
    body: bulkNotesValidator,
    ok: { 200: 'BulkNotesResult', 202: 'BulkNotesResult' },
    errors: [403, 404, 409, 410],
  },
  'POST /notes/bulk_unfreeze': {
    summary: "Unfreeze the notes' cards",
    body: bulkNotesValidator,
    ok: { 200: 'BulkNotesResult', 202: 'BulkNotesResult' },
    errors: [403, 404, 409, 410],
  },
  'POST /notes/bulk_move': {
    summary: 'Move notes to another deck (a job; another algorithm preset resets progress)',
    body: bulkNotesValidator,
    ok: { 200: 'BulkNotesResult', 202: 'BulkNotesResult' },
    errors: [403, 404, 409, 410],
  },
  'POST /notes/bulk_duplicate': {
    summary: 'Duplicate notes in their decks',
    body: bulkNotesValidator,
    ok: { 200: 'BulkNotesResult', 202: 'BulkNotesResult' },
    errors: [403, 404, 409, 410],
  },
  'POST /notes/bulk_action': {
    summary: 'reverse, unreverse, freeze, unfreeze, suspend',
    description:
      'reverse, unreverse, freeze, unfreeze, suspend (take every card of the notes out of this ' +
      "learner's study), unsuspend (bring them back), reset_progress, destroy, duplicate or move",
    body: bulkNotesValidator,
    ok: { 200: 'BulkNotesResult', 202: 'BulkNotesResult' },
    errors: [403, 404, 409, 410],
  },
  'GET /notes/{id}': {
    summary: 'One note',
    ok: { 200: 'Note' },
    errors: [404],
  },
  'PUT /notes/{id}': {
    summary: 'Edit a note; cards follow its clozes, groups and reverse flag',
    description:
      'Edit a note; cards follow its clozes, groups and reverse flag. fields are keyed by field id (or ' +
      'title); the answer keys them by id',
    body: updateNoteValidator,
    ok: { 200: 'Note' },
    errors: [402, 403, 404, 409],
  },
  'POST /card_attachments': {
    summary:
      'Upload an image (≤ 10 MB), sound or video (≤ 25 MB) for a deck: multipart file, or JSON base64_file',
    description:
      "The spec's upload URL: this call, at the API host the app is configured with (no call hands out " +
      'another). Multipart `file` + `deck_id`, or JSON `{base64_file, deck_id, file_name?}` (base64_file ' +
      'bare or a data: URL; its size counted decoded: images 10 MB; the type sniffed from the bytes, ' +
      'file_name only names it; bad base64 is 422 on base64_file). Always 200 {id, type, url}. url is ' +
      'absolute and signed for the caller (valid 7 days, no header needed, as every media URL of the API: ' +
      'docs/api.md "Media URLs"); put it in a field as it is, the note stores the file\'s own path',
    body: base64AttachmentValidator,
    multipart: attachmentValidator,
    ok: { 200: 'Media' },
    errors: [403, 404, 409, 410],
  },
}
