import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import ApiException from '#exceptions/api_exception'
import UpdateProfile from '#actions/users/update_profile'
import ChangePassword from '#actions/users/change_password'
import DeleteAccount from '#actions/users/delete_account'
import SetAvatar from '#actions/users/set_avatar'
import { apiUser } from '#queries/users/api_user'
import { apiDeleteAccountValidator, apiUpdateUserValidator } from '#validators/user'

/** `users/{id}` is only ever the caller: any other id is a 404, so existence does not leak. */
function self(ctx: HttpContext) {
  const user = ctx.auth.use('api').getUserOrFail()
  if (String(user.id) !== String(ctx.params.id)) throw ApiException.notFound()
  return user
}

export default class UsersController {
  async me({ auth }: HttpContext) {
    return apiUser(auth.use('api').getUserOrFail())
  }

  async update(ctx: HttpContext) {
    const user = self(ctx)
    const { user: fields = {}, timezone_offset: offset, avatar } = await ctx.request.validateUsing(apiUpdateUserValidator)
    const { current_password: currentPassword, password, password_confirmation: _c, avatar_color: avatarColor, timezone_offset: timezoneOffset, ...profile } = fields
    /* one PUT is all or nothing: a taken username leaves the password as it was */
    await db.transaction(async (trx) => {
      if (password) {
        const keepTokenId = user.currentAccessToken.identifier
        await new ChangePassword().handle(user, { currentPassword, password, keepTokenId }, trx)
      }
      await new UpdateProfile().handle(user, { ...profile, avatarColor, timezoneOffset: timezoneOffset ?? offset, currentPassword }, trx)
    })
    if (avatar) await new SetAvatar().handle(user, avatar)
    return apiUser(user)
  }

  /** DELETE users/{id}: the caller's own account; no payload (the spec's table), an optional confirmation is checked. */
  async destroy(ctx: HttpContext) {
    const user = self(ctx)
    const { confirmation } = await ctx.request.validateUsing(apiDeleteAccountValidator)
    await new DeleteAccount().handle(user, confirmation)
    return ctx.response.noContent()
  }
}
