import type { Infer } from '@vinejs/vine/types'
import type { apiUpdateUserValidator } from '#validators/user'
import type User from '#models/user'
import { changePassword } from '#actions/users/change_password'
import { updateProfile } from '#actions/users/update_profile'
import { saveOnboarding } from '#actions/onboarding/save_onboarding'
import { withTransaction, type ActionOptions } from '#actions/action'

/** The validated PUT users/{id} (its avatar is set apart: setAvatar) and the id of the token in use, which survives. */
export type UpdateAccountInput = Infer<typeof apiUpdateUserValidator> & {
  keepTokenId?: number | string | BigInt
}

/**
 * PUT users/{id}: the profile, the onboarding's answers and flag and, when
 * given, a new password, all or nothing (a taken username leaves the password as it was). The token in
 * use (`keepTokenId`) survives the password change; every other one ends.
 * Every field may come flat or inside `user` (`user` wins where both name one).
 */
export async function updateAccount(
  user: User,
  input: UpdateAccountInput,
  options: ActionOptions = {}
) {
  /* flat fields (the spec's shape) and those wrapped in `user` (the wrapped one wins); the avatar is apart */
  const { user: wrapped, avatar: _avatar, keepTokenId: _keep, ...flat } = input
  const { avatar: _nestedAvatar, ...nested } = wrapped ?? {}
  const {
    password,
    password_confirmation: _confirmation,
    onboarding_data: answers,
    onboarding_complete: complete,
    ...profile
  } = { ...flat, ...nested }
  await withTransaction(options.trx, async (trx) => {
    if (password)
      await changePassword(
        user,
        { current_password: profile.current_password, password, keepTokenId: input.keepTokenId },
        { trx }
      )
    await updateProfile(user, profile, { trx })
    if (answers || complete !== undefined)
      await saveOnboarding(user, { answers, complete }, { trx })
  })
  return user
}
