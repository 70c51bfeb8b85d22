import type { I18n } from '@adonisjs/i18n'
import type { SessionStanding } from '#queries/learning/session_standing'
import type { SessionCard } from '#queries/learning/session_cards'
import type { StudyContext } from '#queries/learning/study_context'
import type { TopCounters } from '#types/deck_counts'
import LearningCardTransformer from '#transformers/learning_card_transformer'
import CardPresetTransformer from '#transformers/card_preset_transformer'
import type { SessionBatch, SessionStart } from '#queries/learning/session_batch'
import { appearanceDeck } from '#services/card_presets/appearance'
import { streakOf } from '#transformers/user_transformer'
import type { AnswerResult } from '#types/answers'

/** An answer as answer_card recorded (or replayed) it. */
export type RecordedAnswer = AnswerResult

/**
 * The learning calls' answers, the same for the apps' JSON and the web's
 * learning page: the spec's learning response (card, answerButtons,
 * topCounters, isUndoActionAvailable, errorType, algorithmType) with the
 * next cards for prefetching.
 */
export default class LearningTransformer {
  /** GET v2/learning/cards: the next cards and where the session stands. */
  static batch({ context, queue, cards, undoAvailable }: SessionBatch, i18n: I18n) {
    return {
      cards: LearningCardTransformer.list(context, i18n, cards),
      topCounters: queue.counters,
      errorType: queue.errorType,
      /* the spec's "shared deck empty": a deck someone shares with the learner has no cards yet */
      sharedDeckEmpty: queue.errorType === 'emptyDeck' && context.deck.userId !== context.user.id,
      nextCardAppearsAt: queue.nextCardAppearsAt,
      algorithmType: context.algorithm.type,
      scheduler: context.algorithm.scheduler,
      isUndoActionAvailable: undoAvailable,
    }
  }

  /** GET v2/learning/start: the first batch, its first card, the deck, the daily limit and the tutorial flag. */
  static start(start: SessionStart, i18n: I18n) {
    const { context } = start
    const batch = this.batch(start, i18n)
    const first = batch.cards[0] ?? null
    return {
      deck: { id: context.deck.id, name: context.deck.name, rootDeckId: context.root.id },
      card: first,
      answerButtons: first?.answerButtons ?? [],
      ...batch,
      dailyLimit: start.dailyLimit,
      tutorialSeen: context.user.learningTutorialSeen,
      /* how the cards look: the deck's preset and fonts, and the card frame's CSS */
      cardAppearance: CardPresetTransformer.appearance(appearanceDeck(context), start.preset),
    }
  }

  /** GET /decks/:id/learn: the start, with the learner's streak for the page's popup. */
  static page(start: SessionStart, i18n: I18n) {
    return { ...this.start(start, i18n), streak: streakOf(start.context.user) }
  }

  /** POST v2/learning/answer: the card as the answer left it, and the session's standing (the learner read again). */
  static answer(result: RecordedAnswer, { context, topCounters, undoAvailable }: SessionStanding) {
    return {
      card: {
        id: result.cardId,
        state: result.progress.state,
        version: result.version,
        dueAt: result.progress.dueAt?.toISOString() ?? null,
        isFrozen: result.isFrozen,
      },
      answer: result.answer,
      /* the card lapsed once too often: it is frozen now and the learner is told */
      leech: result.leech,
      replayed: result.replayed,
      topCounters,
      isUndoActionAvailable: undoAvailable,
      streak: streakOf(context.user),
    }
  }

  /** DELETE learning/undo: the card comes back as it was, ready to be shown again. */
  static undo({ cards, context, topCounters, undoAvailable }: { cards: SessionCard[] } & SessionStanding, i18n: I18n) {
    const { card, answerButtons } = this.card(context, cards, i18n)
    return { card, answerButtons, topCounters, isUndoActionAvailable: undoAvailable, algorithmType: context.algorithm.type }
  }

  /** A card edited in a session, as the session shows it now (null when it left the session's decks). */
  static card(context: StudyContext, cards: SessionCard[], i18n: I18n) {
    const card = cards.length ? LearningCardTransformer.forSession(context, i18n, cards[0]) : null
    return { card, answerButtons: card?.answerButtons ?? [] }
  }

  /** A card removed from study (suspended), with the session's counters. */
  static removed(removed: { cardId: number; noteId: number; deckId: number }, topCounters: TopCounters) {
    return { ...removed, suspended: true as const, removedCardIds: [removed.cardId], topCounters }
  }

  /** A card's note frozen from the learning page, with every card it froze and the session's counters. */
  /** A card's note on its way to another deck from the learning page (a deck job moves it), with every card that leaves the session. */
  static moved(noteId: number, movedCardIds: number[], destination: { id: number; name: string }) {
    return { noteId, movedCardIds, destination: { id: destination.id, name: destination.name } }
  }

  static frozen(noteId: number, frozenCardIds: number[], topCounters: TopCounters) {
    return { noteId, frozenCardIds, topCounters }
  }
}

export type LearningBatch = ReturnType<typeof LearningTransformer.batch>
export type LearningStart = ReturnType<typeof LearningTransformer.start>
export type LearningAnswer = ReturnType<typeof LearningTransformer.answer>
export type LearningUndo = ReturnType<typeof LearningTransformer.undo>
