import type { HttpContext } from '@adonisjs/core/http'
import { storeBase64Media, storeMedia } from '#actions/media/store_media'
import MediaTransformer from '#transformers/media_transformer'
import { serialize } from '#transformers/serialize'
import { attachmentValidator, base64AttachmentValidator } from '#validators/content'

/**
 * POST card_attachments: an image, sound or video for a deck's notes → 200 {id, type, url}. Multipart
 * (`file`), or JSON with the file as base64 (`base64_file`: the spec's "upload to a provided upload URL").
 */
export default class CardAttachmentsController {
  async store({ auth, request, response }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const media = request.is(['multipart/form-data'])
      ? await storeMedia(user, await request.validateUsing(attachmentValidator))
      : await storeBase64Media(user, await request.validateUsing(base64AttachmentValidator))
    return response.ok(await serialize(MediaTransformer.transform(media)))
  }
}
