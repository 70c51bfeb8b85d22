import type { HttpContext } from '@adonisjs/core/http'
import { uploadDocument } from '#actions/ai/upload_document'
import { cancelStream } from '#actions/ai/cancel_stream'
import { bulkFromBody, streamFromBody } from '#actions/ai/stream_requests'
import { streamAnswer } from '#controllers/ai/stream_answer'
import { FREE_MAX_CARDS, PREMIUM_MAX_CARDS, freeTierOf, maxCardsFor } from '#actions/ai/generation_limits'
import { findEditableDeck } from '#queries/decks/find_deck'
import { activeDecks } from '#queries/decks/list_decks'
import { streamChannel } from '#services/ai_events'
import { PDF_MAX_MB, PDF_MAX_PAGES } from '#services/pdf_text'
import { activeProvider } from '#ai/cards'
import { aiBulkCreateValidator, aiStreamCreateValidator, cancelStreamValidator } from '#validators/ai_generation'

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
    const stream = followed ? await streamAnswer(user, followed).then((answer) => ({ ...answer, channel: streamChannel(answer.deckId) })).catch(() => null) : null
    const decks = await activeDecks(user)
    return inertia.render('ai/generate', {
      deck: deck ? { id: deck.id, name: deck.name } : null,
      decks: decks.filter((row) => row.userId === user.id && row.state === 'active').map((row) => ({ id: row.id, name: row.name })),
      provider: activeProvider(),
      limits: { maxCards: maxCardsFor(user), freeMaxCards: FREE_MAX_CARDS, premiumMaxCards: PREMIUM_MAX_CARDS, pdfMaxMb: PDF_MAX_MB, maxPages: PDF_MAX_PAGES },
      freeTier: await freeTierOf(user),
      isPremium: user.hasPremium,
      stream,
    })
  }

  async document(ctx: HttpContext) {
    ctx.session.reflash()
    return ctx.response.created(await uploadDocument(ctx.auth.use('web').getUserOrFail(), {
      files: Object.values(ctx.request.allFiles()).flat(), file: ctx.request.file('file'), pages: ctx.request.input('pages'),
    }))
  }

  /** `words` in the body: the card builder (ai_bulk_create's body); otherwise ai_stream_create's. */
  async store(ctx: HttpContext) {
    const user = ctx.auth.use('web').getUserOrFail()
    const { stream } =
      ctx.request.input('mode') === 'words'
        ? await bulkFromBody(user, await ctx.request.validateUsing(aiBulkCreateValidator))
        : await streamFromBody(user, await ctx.request.validateUsing(aiStreamCreateValidator))
    return ctx.response.created({ ...(await streamAnswer(user, stream.id)), channel: streamChannel(stream.deckId) })
  }

  async show(ctx: HttpContext) {
    const user = ctx.auth.use('web').getUserOrFail()
    return streamAnswer(user, ctx.params.id)
  }

  async destroy(ctx: HttpContext) {
    const user = ctx.auth.use('web').getUserOrFail()
    const input = await ctx.request.validateUsing(cancelStreamValidator, { data: { stream_id: ctx.params.id, delete_notes: ctx.request.input('delete_notes') } })
    const { stream, deleted } = await cancelStream(user, input)
    return { ...(await streamAnswer(user, stream.id)), deletedNotes: deleted }
  }
}
