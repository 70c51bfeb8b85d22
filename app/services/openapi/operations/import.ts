/* import */
import type { Operations } from '#services/openapi/operation'
import { importUploadValidator } from '#validators/imports'

export const importOperations: Operations = {
  'POST /deck_imports': {
    summary: 'Upload a deck file',
    description:
      'Upload a deck file (multipart: file; optional folder_id; text files: card_separator ' +
      'newline|semicolon|<text>, field_separator tab|comma|<text>, html). The deck appears in ' +
      'notes_importing; follow it with GET deck_imports/{id} or decks/polling',
    body: importUploadValidator,
    ok: { 202: 'Import' },
    errors: [413, 429],
  },
  'GET /deck_imports': {
    summary: 'The imports of the last 7 days, newest first',
    ok: { 200: 'ImportList' },
  },
  'GET /deck_imports/{id}': {
    summary: 'One import',
    ok: { 200: 'Import' },
    errors: [404],
  },
  'POST /deck_imports/{id}/retry': {
    summary: 'Start the import again with the same file (the running attempt is cancelled)',
    description:
      'Start the import again with the same file (the running attempt is cancelled); a failed import no ' +
      'longer has its file',
    ok: { 202: 'Import' },
    errors: [404, 409, 429],
  },
  'DELETE /deck_imports/{id}': {
    summary: 'Cancel an import',
    description:
      'Cancel an import: its deck, media and file are removed. A running import answers at once as ' +
      'cancelled; its job rolls back at its next batch of notes and removes them then (finishedAt is ' +
      'set once it has)',
    ok: { 200: 'Import' },
    errors: [404, 409],
  },
}
