import type { HttpContext } from '@adonisjs/core/http'
import { uploadDocument } from '#actions/ai/upload_document'
import { cancelStream } from '#actions/ai/cancel_stream'
import { bulkFromBody, streamFromBody } from '#actions/ai/stream_requests'
import { streamAnswer } from '#controllers/ai/stream_answer'
import {
  FREE_MAX_CARDS,
  PREMIUM_MAX_CARDS,
  freeTierOf,
  maxCardsFor,
} from '#actions/ai/generation_limits'
import { findEditableDeck } from '#queries/decks/find_deck'
import { activeDecks } from '#queries/decks/list_decks'
import { PDF_MAX_MB, PDF_MAX_PAGES } from '#services/pdf_text'
import { activeProvider } from '#ai/cards'
import AiDocumentTransformer from '#transformers/ai_document_transformer'
import AiFreeTierTransformer from '#transformers/ai_free_tier_transformer'
import AiLimitsTransformer from '#transformers/ai_limits_transformer'
import AiStreamCancelledTransformer from '#transformers/ai_stream_cancelled_transformer'
import AiStreamTransformer from '#transformers/ai_stream_transformer'
import AiTargetDeckTransformer from '#transformers/ai_target_deck_transformer'
import { serialize } from '#transformers/serialize'
import {
  aiBulkCreateValidator,
  aiStreamCreateValidator,
  cancelStreamValidator,
} from '#validators/ai_generation'

/**
 * The web "AI flashcard generator" (docs/ai-generation.md): the page,
 * and its JSON calls with the session, the same actions as the API's
 * (ai_streams_controller.ts). Their routes keep the flash for the page (keepFlash).
 */
export default class AiGeneratorController {
  /**
   * GET /ai/generate[?deck_id=][&stream=]: into that deck (one the learner may
   * edit), or into a new one; with `stream`, one of the learner's streams
   * followed as it runs (the onboarding example's page).
   */
  async page({ auth, inertia, request }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const deckId = request.input('deck_id')
    const deck = deckId ? await findEditableDeck(user, deckId).catch(() => null) : null
    const followed = Number(request.input('stream')) || null
    /* another learner's stream, or none: the page as usual */
    const stream = followed ? await streamAnswer(user, followed).catch(() => null) : null
    const decks = await activeDecks(user)
    const limits = {
      maxCards: maxCardsFor(user),
      freeMaxCards: FREE_MAX_CARDS,
      premiumMaxCards: PREMIUM_MAX_CARDS,
      pdfMaxMb: PDF_MAX_MB,
      maxPages: PDF_MAX_PAGES,
    }
    return inertia.render('ai/generate', {
      deck: AiTargetDeckTransformer.transform(deck),
      decks: AiTargetDeckTransformer.transform(
        decks.filter((row) => row.userId === user.id && row.state === 'active')
      ),
      provider: activeProvider(),
      limits: AiLimitsTransformer.transform(limits),
      freeTier: AiFreeTierTransformer.transform(await freeTierOf(user)),
      isPremium: user.hasPremium,
      stream: stream ? AiStreamTransformer.transform(stream).useVariant('forPage') : null,
    })
  }

  async document(ctx: HttpContext) {
    ctx.session.reflash()
    const document = await uploadDocument(ctx.auth.use('web').getUserOrFail(), {
      files: Object.values(ctx.request.allFiles()).flat(),
      file: ctx.request.file('file'),
      pages: ctx.request.input('pages'),
    })
    return ctx.response.created(await serialize(AiDocumentTransformer.transform(document)))
  }

  /** `words` in the body: the card builder (ai_bulk_create's body); otherwise ai_stream_create's. */
  async store(ctx: HttpContext) {
    const user = ctx.auth.use('web').getUserOrFail()
    const { stream } =
      ctx.request.input('mode') === 'words'
        ? await bulkFromBody(user, await ctx.request.validateUsing(aiBulkCreateValidator))
        : await streamFromBody(user, await ctx.request.validateUsing(aiStreamCreateValidator))
    const answer = AiStreamTransformer.transform(await streamAnswer(user, stream.id)).useVariant(
      'forPage'
    )
    return ctx.response.created(await serialize(answer))
  }

  async show(ctx: HttpContext) {
    const user = ctx.auth.use('web').getUserOrFail()
    return serialize(AiStreamTransformer.transform(await streamAnswer(user, ctx.params.id)))
  }

  async destroy(ctx: HttpContext) {
    const user = ctx.auth.use('web').getUserOrFail()
    const input = await ctx.request.validateUsing(cancelStreamValidator, {
      data: { stream_id: ctx.params.id, delete_notes: ctx.request.input('delete_notes') },
    })
    const { stream, deleted } = await cancelStream(user, input)
    return serialize(
      AiStreamCancelledTransformer.transform(await streamAnswer(user, stream.id), deleted)
    )
  }
}
