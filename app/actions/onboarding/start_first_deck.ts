import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import CloneLibraryDeck from '#actions/publishing/clone_library_deck'
import { markDeckInterested, onboardingExamDate, saveOnboarding } from '#actions/onboarding/save_onboarding'

/**
 * The end of the onboarding: the chosen suggestion becomes the learner's
 * own deck (the library's clone, which answers the same copy to a retry
 * within a minute), is remembered as interesting, and the flow is complete.
 * An exam date the learner gave, still ahead, becomes the deck's: exam mode
 * plans toward it from the first card (app/scheduling/exam.ts).
 */
export async function startFirstDeck(user: User, publicDeckId: number) {
  const { deck } = await new CloneLibraryDeck().handle(user, { publicDeckId, examDate: onboardingExamDate(user) })
  await db.transaction(async (trx) => {
    await markDeckInterested(user, publicDeckId, trx)
    await saveOnboarding(user, { complete: true }, trx)
  })
  return deck
}
