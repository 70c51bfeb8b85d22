import type { HttpContext } from '@adonisjs/core/http'
import { storeMedia } from '#actions/media/store_media'
import MediaTransformer from '#transformers/media_transformer'
import { serialize } from '#transformers/serialize'
import { attachmentValidator } from '#validators/content'

/** POST card_attachments: an image, sound or video for a deck's notes → {id, type, url}. */
export default class CardAttachmentsController {
  async store({ auth, request, response }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const input = await request.validateUsing(attachmentValidator)
    const media = await storeMedia(user, input)
    return response.ok(await serialize(MediaTransformer.transform(media)))
  }
}
