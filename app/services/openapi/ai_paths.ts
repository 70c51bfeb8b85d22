/*
| AI card generation in the OpenAPI document (docs/ai-generation.md).
| A stream runs in the worker (`ai_stream` job); the apps poll GET
| notes/stream_status, the web page also gets server-sent events.
| Limits: cards per request (free 20, premium 100: E_AI_TOO_MANY_CARDS),
| free users' generations (freeTier, one per call: 402 E_AI_FREE_LIMIT at
| zero, given back when a stream makes nothing), the deck's 3000 cards and a
| guest's created cards (a stream stops there, `error` says which).
*/
import { entity, error, errors, int, listOf, nullable, obj, op, ref, str, unprocessable } from '#services/openapi/schema'

const auth = true
const cardFormat = str({ enum: ['basic', 'reversed', 'cloze', 'mixed'] })
const detailLevel = str({ enum: ['brief', 'standard', 'detailed'] })
const language = str({ description: 'a language code: en, pt-BR' })
const freeTier = nullable(entity({ aiGenWithPrompt: int, aiGenWithPdf: int, aiGenCardBuilder: int }))
const streamErrors = {
  '402': error('E_AI_FREE_LIMIT: the free user has no generation of this kind left (`counter` names the freeTier field); show the paywall'),
  '403': error('E_GUEST_CARDS_LIMIT: a guest\'s decks hold guest_cards_created cards; or the deck may not be edited by the caller'),
  '404': error('The deck, folder or document is not found, or not the caller\'s'),
  '409': error('E_DECK_PROCESSING (a job works on the deck), E_DECK_ARCHIVED'),
  '429': { ...errors['429'], description: 'E_TOO_MANY_JOBS: the plan\'s generations waiting or running at once (wait for one to end); E_TOO_MANY_REQUESTS: the plan\'s generations an hour (Retry-After)' },
  '422': unprocessable('Validation failed; E_AI_TOO_MANY_CARDS (over the plan\'s maximum: values in the message), E_AI_NEEDS_PROVIDER (an open topic with no AI provider configured), E_CARDS_LIMIT_REACHED (the deck holds 3000 cards)'),
}

export const aiSchemas = {
  AiStream: entity({
    streamId: int,
    deckId: int,
    deckName: str(),
    folderId: nullable(int),
    status: str({ enum: ['queued', 'running', 'done', 'failed', 'cancelled'] }),
    provider: nullable(str({ enum: ['openai', 'anthropic', 'offline'], description: 'who made the cards; null until the worker starts' })),
    activeProvider: str({ enum: ['openai', 'anthropic', 'offline'], description: 'the provider the server is configured with now (offline: the built-in generator, documents and word lists only)' }),
    cardFormat,
    maxCards: { ...int, description: 'the most cards this stream makes' },
    count: { ...int, description: 'notes the stream made so far' },
    notes: { ...listOf(ref('Note')), description: 'the notes it made that still exist, in the order they were made' },
    error: nullable(entity({ code: str({ description: 'failed: E_AI_PROVIDER, E_AI_RATE_LIMITED, E_AI_NEEDS_PROVIDER, E_AI_NOTHING_GENERATED ("Impossible to generate cards"); done early: E_CARDS_LIMIT_REACHED, E_GUEST_CARDS_LIMIT' }) })),
    createdAt: str(),
    finishedAt: nullable(str()),
    freeTier: { ...freeTier, description: 'the caller\'s free generations left; null with premium (unlimited)' },
    deletedNotes: int,
  }, ['deletedNotes']),
  AiDocument: entity({
    documentId: int, fileName: str(), pageCount: int, pages: listOf(int), characters: int, excerpt: str({ description: 'the beginning of the text read' }),
  }),
}

export const aiPaths = {
  '/notes/ai_document': {
    post: {
      ...op('Upload a PDF for AI generation (multipart: file, one PDF of at most 20 MB; pages: the pages chosen, "1,3,5-7", at most 20, optional when the PDF has no more). Its text is read now; pass documentId as ai_stream_create\'s document_id', {
        auth, ok: [201, ref('AiDocument')],
        extra: { '422': unprocessable('E_PDF_ONLY, E_ONE_FILE_ONLY, E_PDF_TOO_BIG, E_PDF_TOO_MANY_PAGES, E_PDF_PAGES_INVALID, E_PDF_UNREADABLE, E_FILE_TOO_COMPLEX (reading it took more time or memory than a file may use), E_EMPTY_FILE, E_AI_NOTHING_GENERATED ("Impossible to generate cards": no usable text, e.g. a scan)') },
      }),
      requestBody: { required: true, content: { 'multipart/form-data': { schema: obj({ file: str({ format: 'binary' }), pages: str() }, ['file']) } } },
    },
  },
  '/notes/ai_stream_create': {
    post: op('Start generating cards into a deck (created in folder_id, named deck_name, when deck_id is absent): from an uploaded document (document_id, ours) or from user_prompt (a topic, a word, a custom prompt; needs an AI provider). The deck turns ai_notes_generation (the poll\'s aiStreaming) until the stream ends', {
      auth,
      body: obj({
        deck_id: nullable(int), deck_name: nullable(str()), folder_id: nullable(int), card_format: cardFormat, detail_level: detailLevel,
        custom_prompt: nullable(str({ maxLength: 2000 })), user_prompt: nullable(str({ maxLength: 10000 })),
        document_id: nullable({ ...int, description: 'ours, optional: POST notes/ai_document\'s documentId' }),
        language: nullable({ ...language, description: 'ours, optional: the cards\' language' }),
        cards_amount: { ...int, description: 'ours, optional: at most this many (default and maximum: the plan\'s)' },
      }),
      ok: [201, ref('AiStream')],
      extra: streamErrors,
    }),
  },
  '/notes/stream_status': {
    get: op('A stream\'s status and the notes made so far (query: stream_id). Anyone who may see the deck may follow it', { auth, ok: [200, ref('AiStream')], extra: { '404': error('No such stream, or its deck is not visible to the caller'), '422': errors422() } }),
  },
  '/notes/cancel_stream': {
    delete: op('Stop a stream (query: stream_id, delete_notes=true to delete the notes it made). The provider call is aborted; a finished stream keeps its status, and delete_notes still removes its notes. Needs edit rights on the deck', {
      auth, ok: [200, ref('AiStream')], extra: { '403': error('The caller may not edit the deck'), '404': error('No such stream, or its deck is not visible to the caller'), '422': errors422() },
    }),
  },
  '/notes/ai_bulk_create': {
    post: op('The card builder: vocabulary cards from user_prompt, one word per line ("word - translation" lines work without a provider; translating bare words needs one), translation_from/translation_to as language codes. Runs as a stream: follow it with GET notes/stream_status', {
      auth,
      body: obj({
        deck_id: nullable(int), folder_id: nullable(int), user_prompt: str({ maxLength: 10000 }), card_format: cardFormat, cards_amount: int,
        translation_from: nullable(language), translation_to: nullable(language), deck_name: nullable({ ...str(), description: 'ours, optional' }),
      }, ['user_prompt']),
      ok: [201, ref('AiStream')],
      extra: streamErrors,
    }),
  },
}

function errors422() {
  return unprocessable('stream_id (and delete_notes) invalid')
}
