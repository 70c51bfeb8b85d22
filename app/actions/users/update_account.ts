import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import ChangePassword from '#actions/users/change_password'
import UpdateProfile, { type ProfileChanges } from '#actions/users/update_profile'
import { saveOnboarding } from '#actions/onboarding/save_onboarding'
import type { OnboardingAnswers } from '#validators/onboarding'

/**
 * PUT users/{id}: the profile, the onboarding's answers and flag and, when
 * given, a new password, all or nothing (a taken username leaves the password as it was). The token in
 * use (`keepTokenId`) survives the password change; every other one ends.
 */
export async function updateAccount(
  user: User,
  changes: ProfileChanges & { password?: string; keepTokenId?: number | string | BigInt; onboarding?: { answers?: OnboardingAnswers; complete?: boolean } }
) {
  const { password, keepTokenId, onboarding, ...profile } = changes
  await db.transaction(async (trx) => {
    if (password) await new ChangePassword().handle(user, { currentPassword: profile.currentPassword, password, keepTokenId }, trx)
    await new UpdateProfile().handle(user, profile, trx)
    if (onboarding && (onboarding.answers || onboarding.complete !== undefined)) await saveOnboarding(user, onboarding, trx)
  })
  return user
}
