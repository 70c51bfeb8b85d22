import type { HttpContext } from '@adonisjs/core/http'
import drive from '@adonisjs/drive/services/main'
import { setAvatar } from '#actions/users/set_avatar'
import { avatarValidator } from '#validators/user'
import { avatarOwner } from '#queries/users/avatar_owner'

export default class AvatarsController {
  async store({ request, auth, response }: HttpContext) {
    await setAvatar(auth.use('web').getUserOrFail(), await request.validateUsing(avatarValidator))
    return response.redirect().back()
  }

  /** Avatars are public: public profiles and shared decks show them. */
  async show({ params, response }: HttpContext) {
    const user = await avatarOwner(params.id)
    const disk = drive.use()
    const { contentType } = await disk.getMetaData(user.avatarPath!)
    response.header('content-type', contentType ?? 'application/octet-stream')
    response.header('cache-control', 'public, max-age=86400')
    response.header('x-content-type-options', 'nosniff')
    return response.stream(await disk.getStream(user.avatarPath!))
  }
}
