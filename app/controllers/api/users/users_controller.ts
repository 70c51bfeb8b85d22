import type { HttpContext } from '@adonisjs/core/http'
import ApiException from '#exceptions/api_exception'
import { deleteAccount } from '#actions/users/delete_account'
import { setAvatar } from '#actions/users/set_avatar'
import { updateAccount } from '#actions/users/update_account'
import { refreshStaleStreak } from '#actions/study/refresh_streak'
import type User from '#models/user'
import { apiUser } from '#queries/users/api_user'
import UserTransformer from '#transformers/user_transformer'
import { serialize } from '#transformers/serialize'
import {
  apiDeleteAccountValidator,
  apiUpdateUserValidator,
  unknownUserField,
} from '#validators/user'

/** `users/{id}` is only ever the caller: any other id is a 404, so existence does not leak. */
function self(ctx: HttpContext) {
  const user = ctx.auth.use('api').getUserOrFail()
  if (String(user.id) !== String(ctx.params.id)) throw ApiException.notFound()
  return user
}

/** The User entity, its streak brought up to date first (days missed since the last answer change it). */
async function userEntity(user: User, options: { reload: boolean }) {
  const recomputed = await refreshStaleStreak(user)
  return serialize(
    UserTransformer.transform(await apiUser(user, { reload: options.reload || recomputed }))
  )
}

export default class UsersController {
  async me({ auth }: HttpContext) {
    /* the guard read the learner's row in this request */
    return userEntity(auth.use('api').getUserOrFail(), { reload: false })
  }

  async update(ctx: HttpContext) {
    const user = self(ctx)
    const unknown = unknownUserField(ctx.request.all(), user.id)
    if (unknown)
      throw ApiException.of('E_VALIDATION_ERROR', {
        key: 'unknown_user_field',
        apiField: unknown,
        values: { field: unknown },
      })
    const input = await ctx.request.validateUsing(apiUpdateUserValidator)
    await updateAccount(user, { ...input, keepTokenId: user.currentAccessToken.identifier })
    const avatar = input.avatar ?? input.user?.avatar
    if (avatar) await setAvatar(user, { avatar })
    return userEntity(user, { reload: true })
  }

  /**
   * DELETE users/{id}: the caller's own account; no payload (the spec's table), an optional confirmation is
   * checked.
   */
  async destroy(ctx: HttpContext) {
    const user = self(ctx)
    await deleteAccount(user, await ctx.request.validateUsing(apiDeleteAccountValidator))
    return ctx.response.noContent()
  }
}
