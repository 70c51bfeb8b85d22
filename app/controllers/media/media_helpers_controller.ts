import type { HttpContext } from '@adonisjs/core/http'
import { detectText } from '#actions/media/detect_text'
import { countCardEvent } from '#actions/media/count_card_event'
import { markDownload, searchImages } from '#services/media/image_search'
import TextDetectionTransformer from '#transformers/text_detection_transformer'
import ImageSuggestionsTransformer from '#transformers/image_suggestions_transformer'
import DownloadMarkedTransformer from '#transformers/download_marked_transformer'
import CardEventCountedTransformer from '#transformers/card_event_counted_transformer'
import { serialize } from '#transformers/serialize'
import {
  cardDailyEventValidator,
  imageOcclusionValidator,
  imageSuggestionsValidator,
  markDownloadValidator,
} from '#validators/media'

/** The apps' media helpers (docs/media-helpers.md): occlusion detection, image search, the once-a-day card events. */
export default class MediaHelpersController {
  /** POST ai/image_occlusion {base64} → the rectangles of the text in the image. */
  async imageOcclusion({ auth, request }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const input = await request.validateUsing(imageOcclusionValidator)
    return serialize(TextDetectionTransformer.transform(await detectText(user, input)))
  }

  /** GET images/suggestions?q → photos with their author (attribution). */
  async suggestions({ auth, request }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const input = await request.validateUsing(imageSuggestionsValidator, { data: request.qs() })
    const found = await searchImages(user, input.q, input.page)
    return serialize(ImageSuggestionsTransformer.transform(found))
  }

  /** POST images/mark_download {id} (or ?id=): Unsplash's download ping for a photo put on a card. */
  async markDownload({ auth, request }: HttpContext) {
    auth.use('api').getUserOrFail()
    const input = await request.validateUsing(markDownloadValidator, {
      data: { ...request.qs(), ...request.body() },
    })
    await markDownload(input.id)
    return serialize(DownloadMarkedTransformer.transform({ id: input.id }))
  }

  /** POST cards/{id}/daily_events {kind}: a TTS play or a type-in answer, counted once per card a day. */
  async cardEvent({ auth, request, params }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const input = await request.validateUsing(cardDailyEventValidator)
    const counted = await countCardEvent(user, { ...input, id: params.id })
    return serialize(CardEventCountedTransformer.transform(counted))
  }
}
