import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import type { OnboardingAnswers } from '#validators/onboarding'
import { withTransaction, type ActionOptions } from '#actions/action'

/** The stored answers with `answers` over them: a key given null is removed, one left out is kept. */
export function mergeAnswers(
  stored: Record<string, unknown>,
  answers: OnboardingAnswers | undefined
) {
  const merged: Record<string, unknown> = { ...stored }
  for (const [key, value] of Object.entries(answers ?? {})) {
    if (value === undefined) continue
    if (value === null) delete merged[key]
    else merged[key] = value
  }
  return merged
}

/**
 * Writes onboarding answers and, when given, the complete flag (the spec's
 * "marked complete with a true or false flag"), on the caller's transaction
 * when there is one (PUT users/{id} writes them with the profile, all or nothing).
 */
export async function saveOnboarding(
  user: User,
  input: { answers?: OnboardingAnswers; complete?: boolean },
  options: ActionOptions = {}
) {
  return withTransaction(options.trx, async (client) => {
    user.useTransaction(client)
    if (input.answers) user.onboardingData = mergeAnswers(user.onboardingData ?? {}, input.answers)
    if (input.complete !== undefined) user.onboardingComplete = input.complete
    await user.save()
    return user
  })
}

/** POST onboarding/mark_deck_as_interested: remembered once per learner and library deck. */
export async function markDeckInterested(
  user: User,
  input: { publicDeckId: number },
  options: ActionOptions = {}
) {
  await withTransaction(options.trx, (trx) =>
    trx.rawQuery(
      'INSERT INTO onboarding_interests (user_id, public_deck_id) VALUES (?, ?) ON CONFLICT DO NOTHING',
      [user.id, input.publicDeckId]
    )
  )
}

/** The onboarding's exam date (YYYY-MM-DD) while it is still ahead, else null. */
export function onboardingExamDate(user: User, today = new Date().toISOString().slice(0, 10)) {
  const examDate =
    typeof user.onboardingData?.examDate === 'string'
      ? user.onboardingData.examDate.slice(0, 10)
      : null
  return examDate && examDate > today ? examDate : null
}

/**
 * The exam date a library deck's copy takes: the onboarding's, when the
 * onboarding suggested that deck to the learner (they marked it interesting,
 * as the apps do before cloning it), so exam mode plans toward it from the
 * first card on the apps as on the web (startFirstDeck); null otherwise.
 */
export async function examDateForSuggestion(user: User, publicDeckId: number) {
  const examDate = onboardingExamDate(user)
  if (!examDate) return null
  const marked = await db
    .from('onboarding_interests')
    .where({ user_id: user.id, public_deck_id: publicDeckId })
    .first()
  return marked ? examDate : null
}
