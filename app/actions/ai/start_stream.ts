import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ApiException from '#exceptions/api_exception'
import AiStream, { type AiStreamKind, type AiStreamRequest } from '#models/ai_stream'
import type Deck from '#models/deck'
import type { DeckSource } from '#models/deck'
import type User from '#models/user'
import { createDeck } from '#actions/decks/create_deck'
import { cardsLimitReached, roomIn } from '#actions/decks/card_limit'
import { assertGuestRoomFor } from '#actions/decks/guest_card_limit'
import { FREE_COUNTERS, maxCardsFor, takeFreeGeneration } from '#actions/ai/generation_limits'
import { findEditableDeck } from '#queries/decks/find_deck'
import { queueJob } from '#services/durable_jobs'
import { activeProvider, needsProvider } from '#ai/cards'
import { assertRoomFor, takeHourly } from '#actions/jobs/work_limits'
import { withTransaction, type ActionOptions } from '#actions/action'

export interface StartStreamInput {
  kind: AiStreamKind
  deckId?: number | null
  deckName?: string | null
  folderId?: number | null
  format?: AiStreamRequest['format']
  detail?: AiStreamRequest['detail']
  customPrompt?: string | null
  userPrompt?: string | null
  documentId?: number | null
  words?: string[]
  from?: string | null
  to?: string | null
  language?: string | null
  cardsAmount?: number
}

export interface StartStreamOptions extends ActionOptions {
  /** takes one of the free user's generations (false: the onboarding example) */
  countsAgainstFreeTier?: boolean
  /** the most cards, whatever the plan (the onboarding example's 20) */
  maxCards?: number
}

const tooManyCards = (max: number) =>
  ApiException.of('E_AI_TOO_MANY_CARDS', { values: { max }, apiField: 'cards_amount' })

const promptMissing = () =>
  ApiException.of('E_VALIDATION_ERROR', {
    key: 'ai_prompt_missing',
    apiField: 'user_prompt',
    field: 'user_prompt',
  })

/** A word list as the card builder reads it: one word (or "word - translation") per line. */
export function wordsOf(text: string) {
  return [
    ...new Set(
      text
        .split(/\r?\n/)
        .map((word) => word.trim())
        .filter(Boolean)
    ),
  ].slice(0, 500)
}

/** A deck name from what the cards are made of, when the request names none. */
function defaultName(input: StartStreamInput, documentName: string | null) {
  const base =
    documentName?.replace(/\.pdf$/i, '') || input.userPrompt || input.words?.join(', ') || 'AI'
  const flat = base.replace(/\s+/g, ' ').trim()
  return flat.length > 60 ? `${flat.slice(0, 59).trimEnd()}…` : flat
}

/**
 * Starts an AI generation run into a deck (POST notes/ai_stream_create,
 * notes/ai_bulk_create, the web generator, the onboarding example): in one
 * transaction the free generation is taken, the deck is created (in the
 * folder) or locked and checked (editable, room left), the deck turns
 * `ai_notes_generation`, and the stream row is written; after the commit
 * the `ai_stream` job is queued. Anything refused leaves nothing behind.
 */
export async function startStream(
  user: User,
  input: StartStreamInput,
  options: StartStreamOptions = {}
) {
  const planMax = options.maxCards ?? maxCardsFor(user)
  if (input.cardsAmount && input.cardsAmount > planMax) throw tooManyCards(planMax)
  const maxCards = input.cardsAmount ?? planMax
  if (input.kind === 'prompt' && !input.userPrompt) throw promptMissing()
  if (input.kind === 'words' && !input.words?.length) throw promptMissing()
  /*
   * an open topic needs a model: said at once, nothing taken (the offline generator makes cards from documents
   * and word lists)
   */
  if (input.kind === 'prompt' && activeProvider() === 'offline') throw needsProvider()
  await takeHourly(user, 'ai')

  return withTransaction(options.trx, async (trx) => {
    const document =
      input.kind === 'document' ? await findDocument(user, input.documentId, trx) : null
    const freeCounter =
      options.countsAgainstFreeTier === false
        ? null
        : await takeFreeGeneration(user, FREE_COUNTERS[input.kind], trx)
    const deck = await targetDeck(user, input, document?.file_name ?? null, trx)
    if ((await roomIn(deck.id, trx)) <= 0) throw cardsLimitReached()
    await assertGuestRoomFor(deck.id, 1, trx)
    /* the learner's generations waiting or running, counted under their lock (work_limits.ts) */
    await assertRoomFor(user, 'ai', trx)

    const request: AiStreamRequest = {
      format: input.format ?? 'basic',
      detail: input.detail ?? 'standard',
      ...(input.customPrompt ? { customPrompt: input.customPrompt } : {}),
      ...(input.userPrompt ? { userPrompt: input.userPrompt } : {}),
      ...(document ? { documentId: Number(document.id) } : {}),
      ...(input.words ? { words: input.words } : {}),
      ...(input.from ? { from: input.from } : {}),
      ...(input.to ? { to: input.to } : {}),
      ...(input.language ? { language: input.language } : {}),
    }
    const stream = await AiStream.create(
      {
        userId: user.id,
        deckId: deck.id,
        status: 'queued',
        kind: input.kind,
        request,
        freeCounter,
        maxCards,
        noteIds: [],
      },
      { client: trx }
    )
    const previousState = deck.state === 'processing_failed' ? 'active' : deck.state
    deck.merge({
      state: 'ai_notes_generation',
      processing: { total: maxCards, processed: 0, previousState, streamId: stream.id },
    })
    await deck.useTransaction(trx).save()
    if (document)
      await trx.from('ai_documents').where('id', document.id).update({ used_at: new Date() })
    await queueJob(trx, 'ai_stream', { streamId: stream.id }, user.id)
    return { stream, deck }
  })
}

async function findDocument(
  user: User,
  documentId: number | null | undefined,
  trx: TransactionClientContract
) {
  if (!documentId)
    throw ApiException.of('E_VALIDATION_ERROR', {
      key: 'ai_document_missing',
      apiField: 'document_id',
    })
  const document = await trx
    .from('ai_documents')
    .where({ id: documentId, user_id: user.id })
    .first()
  if (!document) throw ApiException.of('E_NOT_FOUND', { apiField: 'document_id' })
  return document as { id: number; file_name: string }
}

/* the deck named, editable and locked; or a new one in the folder */
async function targetDeck(
  user: User,
  input: StartStreamInput,
  documentName: string | null,
  trx: TransactionClientContract
): Promise<Deck> {
  if (input.deckId) return findEditableDeck(user, input.deckId, trx)
  const source: DeckSource = input.kind === 'document' ? 'created_ai_pdf' : 'created_ai_prompt'
  return createDeck(
    user,
    {
      name: input.deckName || defaultName(input, documentName),
      folder_id: input.folderId ?? null,
      source,
    },
    { trx }
  )
}
