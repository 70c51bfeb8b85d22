import type { Infer } from '@vinejs/vine/types'
import type User from '#models/user'
import type { aiBulkCreateValidator, aiStreamCreateValidator } from '#validators/ai_generation'
import { startStream, wordsOf } from '#actions/ai/start_stream'
import type { ActionOptions } from '#actions/action'

/*
 * The doors' shared steps (API and web): the spec's bodies into startStream (the answer every stream call
 * gives is app/controllers/ai/stream_answer.ts).
 */

/** ai_stream_create: from an uploaded document when document_id is given, else from the prompt. */
export function streamFromBody(
  user: User,
  input: Infer<typeof aiStreamCreateValidator>,
  options: ActionOptions = {}
) {
  return startStream(
    user,
    {
      kind: input.document_id ? 'document' : 'prompt',
      deckId: input.deck_id,
      deckName: input.deck_name,
      folderId: input.folder_id,
      format: input.card_format,
      detail: input.detail_level,
      customPrompt: input.custom_prompt,
      userPrompt: input.user_prompt,
      documentId: input.document_id,
      language: input.language,
      cardsAmount: input.cards_amount,
    },
    options
  )
}

/** ai_bulk_create, the card builder: the prompt's words (one per line, or comma-separated) into vocabulary cards. */
export function bulkFromBody(
  user: User,
  input: Infer<typeof aiBulkCreateValidator>,
  options: ActionOptions = {}
) {
  return startStream(
    user,
    {
      kind: 'words',
      deckId: input.deck_id,
      deckName: input.deck_name,
      folderId: input.folder_id,
      format: input.card_format,
      words: wordsOf(input.user_prompt),
      userPrompt: input.user_prompt,
      from: input.translation_from,
      to: input.translation_to,
      cardsAmount: input.cards_amount,
    },
    options
  )
}
