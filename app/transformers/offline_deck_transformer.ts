import { BaseTransformer } from '@adonisjs/core/transformers'
import type { OfflineDeckData, OfflineDeckCard } from '#queries/offline/offline_deck'
import type { StudyContext } from '#queries/learning/study_context'
import { renderedCard } from '#transformers/learning_card_transformer'
import { progressOf } from '#scheduling/progress_row'
import { buryModeOf } from '#scheduling/burying'
import { ROLLOVER_HOUR } from '#scheduling/study_day'
import { ACTIVE_DAY_CARDS } from '#scheduling/streak'
import { parseEasyDays } from '#scheduling/balance'
import type { Progress } from '#scheduling/types'
import type {
  OfflineCard,
  OfflineDeckPage,
  OfflineLearner,
  OfflineMedia,
  OfflineProgress,
  OfflineStudySettings,
  OfflineTreeDeck,
} from '#types/offline'

/** A Progress with its dates as ISO strings (the device reads them back with `new Date`). */
export function offlineProgress(progress: Progress): OfflineProgress {
  return {
    ...progress,
    dueAt: progress.dueAt?.toISOString() ?? null,
    lastReviewedAt: progress.lastReviewedAt?.toISOString() ?? null,
  }
}

/* a card as the study page renders it (LearningCardTransformer's sides), with the learner's state of it */
function offlineCard(context: StudyContext, item: OfflineDeckCard): OfflineCard {
  const { card, version, flag } = item
  const row = card.progress[0]
  return {
    ...renderedCard(context, card),
    progress: offlineProgress(progressOf(row)),
    version,
    isFrozen: row?.frozen ?? false,
    isSuspended: item.suspended,
    buriedUntil: item.buriedUntil?.toISOString() ?? null,
    flag,
  }
}

/**
 * GET /api/decks/{id}/offline and the web's GET /decks/{id}/offline: one page
 * of a root deck's tree for offline study (app/types/offline.ts). Media stay
 * `/media/<key>` here: the API's reply has them signed on the way out
 * (decision 0086), the web's keeps them for the session's cookie.
 */
export default class OfflineDeckTransformer extends BaseTransformer<OfflineDeckData> {
  toObject(): OfflineDeckPage {
    const { context, decks, totals, page } = this.resource
    const { deck } = context
    const pages = Math.max(1, Math.ceil(totals.cards / page.perPage))
    return {
      deckId: deck.id,
      name: deck.name,
      revision: this.resource.revision,
      generatedAt: this.resource.generatedAt.toISOString(),
      decks: decks.map((row): OfflineTreeDeck => ({
        id: row.id,
        name: row.name,
        parentId: row.parent_id,
        newCardsPerDay: row.new_cards_per_day,
        maxCardsPerDay: row.max_cards_per_day,
      })),
      settings: this.settings(),
      learner: this.learner(),
      totals,
      page: {
        number: page.number,
        perPage: page.perPage,
        pages,
        hasMore: page.number < pages,
      },
      cards: this.resource.cards.map((item) => offlineCard(context, item)),
      media: this.resource.media.map((file): OfflineMedia => ({
        key: file.key,
        url: `/media/${file.key}`,
        mime: file.mime,
        bytes: file.size,
      })),
    }
  }

  /* what the scheduler and the session's rules take, for the root deck's tree */
  private settings(): OfflineStudySettings {
    const { context } = this.resource
    const { deck } = context
    return {
      algorithm: context.algorithm,
      algorithmSettings: context.root.algorithmSettings,
      fsrsParameters: context.fsrsParameters,
      buryMode: buryModeOf(context.root.algorithmSettings),
      learnAheadSeconds: this.resource.learnAheadSeconds,
      shuffleCardsEnabled: deck.shuffleCardsEnabled,
      tts: deck.ttsEnabled
        ? {
            autoplay: deck.ttsAutoplayEnabled,
            frontLanguage: deck.ttsFrontSideLanguage,
            backLanguage: deck.ttsBackSideLanguage,
          }
        : null,
    }
  }

  /* the learner's day and limits as of the download */
  private learner(): OfflineLearner {
    const { context, learner } = this.resource
    const { user } = context
    return {
      timezoneOffsetMinutes: user.timezoneOffset ?? 0,
      rolloverHour: ROLLOVER_HOUR,
      today: context.today,
      dayStart: learner.dayStart.toISOString(),
      dayEnd: context.dayEnd.toISOString(),
      treeCardsToday: learner.treeCardsToday,
      treeNewToday: learner.treeNewToday,
      planLimit: {
        kind: learner.plan.kind,
        limit: learner.plan.limit,
        used: learner.plan.studiedToday,
      },
      activeDayCards: ACTIVE_DAY_CARDS,
      cardsStudiedToday: learner.cardsStudiedToday,
      todayCompleted: learner.cardsStudiedToday >= ACTIVE_DAY_CARDS,
      dueByDay: learner.dueByDay,
      easyDays: [...parseEasyDays(user.easyDays)],
    }
  }
}
