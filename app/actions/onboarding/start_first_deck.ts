import type User from '#models/user'
import { cloneLibraryDeck } from '#actions/publishing/clone_library_deck'
import { withTransaction, type ActionOptions } from '#actions/action'
import {
  markDeckInterested,
  onboardingExamDate,
  saveOnboarding,
} from '#actions/onboarding/save_onboarding'

/**
 * The end of the onboarding: the chosen suggestion becomes the learner's
 * own deck (the library's clone, which answers the same copy to a retry
 * within a minute), is remembered as interesting, and the flow is complete.
 * An exam date the learner gave, still ahead, becomes the deck's: exam mode
 * plans toward it from the first card (app/scheduling/exam.ts).
 */
export async function startFirstDeck(
  user: User,
  input: { publicDeckId: number },
  options: ActionOptions = {}
) {
  const { publicDeckId } = input
  const { deck } = await cloneLibraryDeck(
    user,
    { deck_id: publicDeckId, exam_date: onboardingExamDate(user) },
    options
  )
  await withTransaction(options.trx, async (trx) => {
    await markDeckInterested(user, { publicDeckId }, { trx })
    await saveOnboarding(user, { complete: true }, { trx })
  })
  return deck
}
