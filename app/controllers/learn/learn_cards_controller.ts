import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import vine from '@vinejs/vine'
import Note from '#models/note'
import NoteTypeTransformer from '#transformers/note_type_transformer'
import ApiException from '#exceptions/api_exception'
import { editCard, suspendCard } from '#actions/learning/card_edits'
import { setFrozen } from '#actions/notes/freeze_notes'
import { presentLearningCards } from '#queries/learning/present_cards'
import { studyContext, type StudyContext } from '#queries/learning/study_context'
import { studyQueue } from '#queries/learning/queue'
import { cardStats } from '#queries/learning/card_stats'
import { idParam } from '#queries/decks/find_deck'
import { editCardValidator } from '#validators/learning'
import { id } from '#validators/content'

/* the session's deck (a card may sit in one of its subdecks): the counters returned are the session's */
const sessionDeckValidator = vine.create({ deck_id: id().optional() })

/** A card of one of this learner's decks; anyone else's card is a 404. */
async function findCard(userId: number, cardId: unknown) {
  const card = await db
    .from('cards as c')
    .join('decks as d', 'd.id', 'c.deck_id')
    .where('c.id', idParam(cardId))
    .where('d.user_id', userId)
    .select('c.id', 'c.note_id', 'c.deck_id')
    .first()
  if (!card) throw ApiException.notFound()
  return card as { id: number; note_id: number; deck_id: number }
}

/* the session's deck is checked before anything changes, so a foreign deck id changes nothing */
async function sessionDeck(ctx: HttpContext) {
  const input = await ctx.request.validateUsing(sessionDeckValidator)
  return input.deck_id === undefined ? null : studyContext(ctx.auth.use('web').getUserOrFail(), input.deck_id)
}

async function topCounters(ctx: HttpContext, session: StudyContext | null, cardDeckId: number) {
  const context = session ? { ...session, now: new Date() } : await studyContext(ctx.auth.use('web').getUserOrFail(), cardDeckId)
  return (await studyQueue(context, { limit: 0 })).counters
}

/** The learning page's actions on the card shown: edit in place, freeze, remove, and its statistics sheet. */
export default class LearnCardsController {
  /** GET /learn/cards/:id/fields: the note as the notes editor opens it, for the same editor in a dialog. */
  async fields(ctx: HttpContext) {
    ctx.session.reflash()
    const user = ctx.auth.use('web').getUserOrFail()
    const card = await findCard(user.id, ctx.params.id)
    const note = await Note.query().where('id', card.note_id).preload('noteType').preload('deck').firstOrFail()
    return {
      cardId: card.id,
      deck: { id: note.deck.id, name: note.deck.name, imagesAllowed: note.deck.imagesAllowed },
      noteType: NoteTypeTransformer.forEditor(note.noteType),
      note: { id: note.id, noteTypeId: note.noteTypeId, fields: note.fields, fieldAttachmentsMap: note.fieldAttachmentsMap, isReversed: note.isReversed },
    }
  }

  /** PUT /learn/cards/:id {fields, deck_id?}: saves the note and gives the card back as the session shows it. */
  async update(ctx: HttpContext) {
    ctx.session.reflash()
    const user = ctx.auth.use('web').getUserOrFail()
    const input = await ctx.request.validateUsing(editCardValidator)
    const session = input.deck_id === undefined ? null : await studyContext(user, input.deck_id)
    const card = await editCard(user, ctx.params.id, {
      fields: input.fields, fieldAttachmentsMap: input.field_attachments_map, reverse: input.reverse,
    })
    const context = session ?? (await studyContext(user, card.deck_id))
    const [learningCard] = await presentLearningCards(context, ctx.i18n, [card.id])
    return { card: learningCard ?? null, answerButtons: learningCard?.answerButtons ?? [] }
  }

  /** POST /learn/cards/:id/freeze {deck_id?}: the card's note is frozen for this learner, out of study until unfrozen. */
  async freeze(ctx: HttpContext) {
    ctx.session.reflash()
    const user = ctx.auth.use('web').getUserOrFail()
    const card = await findCard(user.id, ctx.params.id)
    const session = await sessionDeck(ctx)
    await db.transaction((trx) => setFrozen(user.id, [card.note_id], true, trx))
    const cardIds = (await db.from('cards').where('note_id', card.note_id).select('id')).map((row) => row.id as number)
    return { noteId: card.note_id, frozenCardIds: cardIds, topCounters: await topCounters(ctx, session, card.deck_id) }
  }

  /** DELETE /learn/cards/:id {deck_id?}: "remove" takes the card out of study (suspends it), as DELETE cards/{id}/suspend does. */
  async destroy(ctx: HttpContext) {
    ctx.session.reflash()
    const user = ctx.auth.use('web').getUserOrFail()
    await findCard(user.id, ctx.params.id)
    const session = await sessionDeck(ctx)
    const removed = await suspendCard(user, ctx.params.id)
    return { ...removed, topCounters: await topCounters(ctx, session, removed.deckId) }
  }

  /** GET /learn/cards/:id/stats: the card sheet and its history. */
  async stats(ctx: HttpContext) {
    ctx.session.reflash()
    return cardStats(ctx.auth.use('web').getUserOrFail(), ctx.params.id)
  }
}
