/* Deck imports in the OpenAPI document. */
import { entity, error, errors, obj, op, ref, str, unprocessable } from '#services/openapi/schema'

const int = { type: 'integer' }
const auth = true
const notFound = { '404': error('Not found, or not yours') }

export const importSchemas = {
  DeckImport: entity({
    id: int, deckId: { type: ['integer', 'null'] }, fileName: str(), format: str({ enum: ['apkg', 'colpkg', 'ofc', 'csv', 'text'] }), size: int,
    status: str({ enum: ['queued', 'processing', 'done', 'failed', 'cancelled'] }), errorKey: { type: ['string', 'null'] },
    counts: { ...obj({ notes: int, updated: int, cards: int, decks: int, media: int, reviews: int, skipped: int, flattened: { ...int, description: 'decks that lay below level 20, written at level 20 with their names from there joined by "::" (only when there were some; warnings then hold too_deep:20:<count>)' } }), description: 'empty until the import is done' },
    warnings: { type: 'array', items: obj({ line: int, message: str() }, ['message']) }, createdAt: str(), finishedAt: { type: ['string', 'null'] },
  }),
}

const tooMany = { ...errors['429'], description: 'E_TOO_MANY_JOBS: the plan\'s imports waiting or running at once (wait for one to end); E_TOO_MANY_REQUESTS: the plan\'s imports an hour (Retry-After)' }

export const importPaths = {
  '/deck_imports': {
    post: {
      ...op('Upload a deck file (multipart: file; optional folder_id; text files: card_separator newline|semicolon|<text>, field_separator tab|comma|<text>, html). The deck appears in notes_importing; follow it with GET deck_imports/{id} or decks/polling', {
        auth, ok: [202, ref('DeckImport')],
        extra: {
          '413': error('E_FILE_TOO_BIG: over 500 MB (refused from Content-Length before the upload is read), or a CSV/TSV/TXT over 50 MB (refused as it streams in)'),
          '429': tooMany,
          '422': unprocessable('E_UNSUPPORTED_FORMAT (the bytes are no Anki package, .ofc or text, whatever the name says), E_ONE_FILE_ONLY, E_EMPTY_FILE'),
        },
      }),
      requestBody: { required: true, content: { 'multipart/form-data': { schema: obj({ file: str({ format: 'binary' }), folder_id: int }, ['file']) } } },
    },
    get: op('The imports of the last 7 days, newest first', { auth, ok: [200, obj({ imports: { type: 'array', items: ref('DeckImport') } })] }),
  },
  '/deck_imports/{id}': {
    get: op('One import', { auth, params: ['id'], ok: [200, ref('DeckImport')], extra: notFound }),
    delete: op('Cancel an import: its deck, media and file are removed. A running import answers at once as cancelled; its job rolls back at its next batch of notes and removes them then (finishedAt is set once it has)', { auth, params: ['id'], ok: [200, ref('DeckImport')], extra: { ...notFound, '409': error('E_IMPORT_FINISHED') } }),
  },
  '/deck_imports/{id}/retry': {
    post: op('Start the import again with the same file (the running attempt is cancelled); a failed import no longer has its file', { auth, params: ['id'], ok: [202, ref('DeckImport')], extra: { ...notFound, '409': error('E_IMPORT_FINISHED, E_IMPORT_CANCELLED, E_IMPORT_FILE_GONE'), '429': tooMany } }),
  },
}
