import type User from '#models/user'
import type { HttpContext } from '@adonisjs/core/http'
import { editCard } from '#actions/learning/edit_card'
import { freezeCard } from '#actions/learning/freeze_card'
import { suspendCard } from '#actions/learning/suspend_card'
import { flagCard } from '#actions/learning/flag_card'
import { buryCard } from '#actions/learning/bury_cards'
import { cardIdsOfNote, findLearnerCard, noteOfCard } from '#queries/learning/find_card'
import { sessionCards } from '#queries/learning/session_cards'
import { contextAfter, sessionScope, topCountersOf } from '#queries/learning/session_standing'
import { cardStats } from '#queries/learning/card_stats'
import LearningCardEditedTransformer from '#transformers/learning_card_edited_transformer'
import LearningCardRemovedTransformer from '#transformers/learning_card_removed_transformer'
import LearningNoteFrozenTransformer from '#transformers/learning_note_frozen_transformer'
import LearningNoteMovedTransformer from '#transformers/learning_note_moved_transformer'
import CardStatsTransformer from '#transformers/card_stats_transformer'
import CardEditorTransformer from '#transformers/card_editor_transformer'
import CardFlagTransformer from '#transformers/card_flag_transformer'
import LearningCardBuriedTransformer from '#transformers/learning_card_buried_transformer'
import { serialize } from '#transformers/serialize'
import {
  editCardValidator,
  flagCardValidator,
  moveCardValidator,
  sessionDeckValidator,
} from '#validators/learning'
import { moveNotes } from '#actions/notes/move_notes'

/* the session's deck is checked before anything changes, so a foreign deck id changes nothing */
async function sessionDeck(ctx: HttpContext) {
  const input = await ctx.request.validateUsing(sessionDeckValidator)
  return sessionScope(ctx.auth.use('web').getUserOrFail(), input.deck_id)
}

/**
 * The learning page's actions on the card shown: edit in place, freeze, remove, flag, bury, and its statistics
 * sheet.
 */
export default class LearnCardsController {
  /** GET /learn/cards/:id/fields: the note as the notes editor opens it, for the same editor in a dialog. */
  async fields(ctx: HttpContext) {
    const card = await findLearnerCard(ctx.auth.use('web').getUserOrFail(), ctx.params.id, 'edit')
    const note = await noteOfCard(card)
    return serialize(CardEditorTransformer.transform({ cardId: card.id, note }))
  }

  /** PUT /learn/cards/:id {fields, deck_id?}: saves the note and gives the card back as the session shows it. */
  async update(ctx: HttpContext) {
    const user = ctx.auth.use('web').getUserOrFail()
    const input = await ctx.request.validateUsing(editCardValidator)
    const session = await sessionScope(user, input.deck_id)
    const card = await editCard(user, { ...input, id: ctx.params.id })
    const context = await contextAfter(user, session, card.deck_id)
    const cards = await sessionCards(context, [card.id])
    return serialize(LearningCardEditedTransformer.transform({ context, cards }, ctx.i18n))
  }

  /**
   * POST /learn/cards/:id/freeze {deck_id?}: the card's note is frozen for this learner, out of study until
   * unfrozen.
   */
  async freeze(ctx: HttpContext) {
    const user = ctx.auth.use('web').getUserOrFail()
    await findLearnerCard(user, ctx.params.id)
    const session = await sessionDeck(ctx)
    const card = await freezeCard(user, { id: ctx.params.id })
    const counters = await topCountersOf(await contextAfter(user, session, card.deck_id))
    const cardIds = await cardIdsOfNote(card.note_id)
    const frozen = { noteId: card.note_id, cardIds }
    return serialize(LearningNoteFrozenTransformer.transform(frozen, counters))
  }

  /**
   * DELETE /learn/cards/:id {deck_id?}: "remove" takes the card out of study (suspends it), as DELETE
   * cards/{id}/suspend does.
   */
  async destroy(ctx: HttpContext) {
    const { done, counters } = await this.inSession(ctx, (user) =>
      suspendCard(user, { id: ctx.params.id })
    )
    return serialize(LearningCardRemovedTransformer.transform(done, counters))
  }

  /** PUT /learn/cards/:id/flag {flag}: Ctrl+1..7 on the card shown sets its flag, the same key again clears it. */
  async flag(ctx: HttpContext) {
    const user = ctx.auth.use('web').getUserOrFail()
    const { flag } = await ctx.request.validateUsing(flagCardValidator)
    return serialize(
      CardFlagTransformer.transform(await flagCard(user, { id: ctx.params.id, flag }))
    )
  }

  /** POST /learn/cards/:id/bury {deck_id?}: "bury" ('-') keeps the card out of study until the next study day. */
  async bury(ctx: HttpContext) {
    const { done, counters } = await this.inSession(ctx, (user) =>
      buryCard(user, { id: ctx.params.id })
    )
    return serialize(LearningCardBuriedTransformer.transform(done, counters))
  }

  /** A session's action on the card shown: the card found through the learner's access, then the counters after. */
  private async inSession<T extends { deckId: number }>(
    ctx: HttpContext,
    action: (user: User) => Promise<T>
  ) {
    const user = ctx.auth.use('web').getUserOrFail()
    await findLearnerCard(user, ctx.params.id)
    const session = await sessionDeck(ctx)
    const done = await action(user)
    const counters = await topCountersOf(await contextAfter(user, session, done.deckId))
    return { done, counters }
  }

  /**
   * POST /learn/cards/:id/move {destination_deck_id, deck_id?}: "move" in a
   * session sends the card's note (all its cards, everyone's progress) to
   * another deck, as the card list's bulk move does: a deck job, the same
   * checks (both decks editable, the destination's card limit, a reset
   * across algorithm presets, asked for first on the page).
   */
  async move(ctx: HttpContext) {
    const user = ctx.auth.use('web').getUserOrFail()
    const input = await ctx.request.validateUsing(moveCardValidator)
    const card = await findLearnerCard(user, ctx.params.id, 'edit')
    const { destination } = await moveNotes(user, {
      deck_id: card.deck_id,
      ids: [card.note_id],
      destination_deck_id: input.destination_deck_id,
    })
    const cardIds = await cardIdsOfNote(card.note_id)
    const moved = { noteId: card.note_id, cardIds }
    return serialize(LearningNoteMovedTransformer.transform(moved, destination))
  }

  /** GET /learn/cards/:id/stats: the card sheet and its history. */
  async stats(ctx: HttpContext) {
    const stats = await cardStats(ctx.auth.use('web').getUserOrFail(), ctx.params.id)
    return serialize(CardStatsTransformer.transform(stats))
  }
}
