/* ai */
import type { Operations } from '#services/openapi/operation'
import {
  aiBulkCreateValidator,
  aiStreamCreateValidator,
  cancelStreamValidator,
  streamIdValidator,
} from '#validators/ai_generation'

export const aiOperations: Operations = {
  'POST /notes/ai_document': {
    summary: 'Upload a PDF for AI generation',
    description:
      'Upload a PDF for AI generation (multipart: file, one PDF of at most 20 MB; pages: the pages ' +
      'chosen, "1,3,5-7", at most 20, optional when the PDF has no more). Its text is read now; pass ' +
      "documentId as ai_stream_create's document_id",
    /* read without a validator (app/actions/ai/upload_document.ts) */
    multipart: {
      type: 'object',
      properties: {
        file: {},
        pages: { type: 'string', pattern: '^\\d+(-\\d+)?(,\\d+(-\\d+)?)*$' },
      },
      required: ['file'],
    },
    ok: { 201: 'AiDocument' },
  },
  'POST /notes/ai_stream_create': {
    summary:
      'Start generating cards into a deck (created in folder_id, named deck_name, when deck_id is absent)',
    description:
      'Start generating cards into a deck (created in folder_id, named deck_name, when deck_id is ' +
      'absent): from an uploaded document (document_id, ours) or from user_prompt (a topic, a word, a ' +
      "custom prompt; needs an AI provider). The deck turns ai_notes_generation (the poll's " +
      'aiStreaming) until the stream ends',
    body: aiStreamCreateValidator,
    ok: { 201: 'AiStream' },
    errors: [402, 403, 404, 409, 429],
  },
  'GET /notes/stream_status': {
    summary:
      "A stream's status and the notes made so far. Anyone who may see the deck may follow it",
    description:
      "A stream's status and the notes made so far (query: stream_id). Anyone who may see the deck may " +
      'follow it',
    query: streamIdValidator,
    ok: { 200: 'AiStream' },
    errors: [404],
  },
  'DELETE /notes/cancel_stream': {
    summary: 'Stop a stream. The provider call is aborted',
    description:
      'Stop a stream (query: stream_id, delete_notes=true to delete the notes it made). The provider ' +
      'call is aborted; a finished stream keeps its status, and delete_notes still removes its notes. ' +
      'Needs edit rights on the deck',
    query: cancelStreamValidator,
    ok: { 200: 'AiStreamCancelled' },
    errors: [403, 404],
  },
  'POST /notes/ai_bulk_create': {
    summary: 'The card builder',
    description:
      'The card builder: vocabulary cards from user_prompt, one word per line ("word - translation" ' +
      'lines work without a provider; translating bare words needs one), ' +
      'translation_from/translation_to as language codes. Runs as a stream: follow it with GET ' +
      'notes/stream_status',
    body: aiBulkCreateValidator,
    ok: { 201: 'AiStream' },
    errors: [402, 403, 404, 409, 429],
  },
}
