import type { HourBucket } from '#scheduling/hour_bucket'

/*
 * What the study pages show beyond the transformers' replies: plain types, for the code that answers them and
 * the pages.
 */

/**
 * The end-of-session feedback request (app/actions/client/feedback_request.ts): still open, and after how many
 * active days it shows.
 */
export type FeedbackRequest = { open: boolean; afterActiveDays: number }

/** The year in review (spec: Wrapped summary), as app/queries/study/wrapped.ts reads it. */
export type WrappedYear = {
  year: number
  activeDaysCount: number
  longestStreak: number
  mostProductiveDay: { date: string; cardsStudied: number } | null
  mostProductiveDecks: { id: number; name: string; cardsStudied: number }[]
  mostChallengedCard: {
    cardId: number
    noteId: number
    deckId: number
    front: string
    againCount: number
  } | null
  collaboratorsCount: number
  attachmentsCount: number
  studiedCardsCount: number
  createdCardsCount: number
  daysWithUs: number
  busiestHourBucket: HourBucket | null
}
