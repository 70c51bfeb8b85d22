import type { HttpContext } from '@adonisjs/core/http'
import { storeImageBytes } from '#actions/media/store_media'
import { detectText } from '#actions/media/detect_text'
import { countCardEvent } from '#actions/media/count_card_event'
import { findEditableDeck } from '#queries/decks/find_deck'
import { downloadImage, findImage, markDownload, searchImages } from '#services/media/image_search'
import { IMAGE_MAX_BYTES } from '#services/upload_limits'
import PickedImageTransformer from '#transformers/picked_image_transformer'
import TextDetectionTransformer from '#transformers/text_detection_transformer'
import ImageSuggestionsTransformer from '#transformers/image_suggestions_transformer'
import CardEventCountedTransformer from '#transformers/card_event_counted_transformer'
import { serialize } from '#transformers/serialize'
import {
  cardDailyEventValidator,
  imageSuggestionsValidator,
  pickImageValidator,
  scanTextValidator,
} from '#validators/media'

/*
 * The note editor's media tools on the web (JSON calls with the session and
 * the XSRF header): scan text, image search and the pick of a found image.
 * The canvas tool needs none: its drawing is a PNG sent to POST /media like
 * any picture. Their routes keep the page's flash (keepFlash).
 */
export default class EditorMediaController {
  /** POST /notes/scan_text {base64}: the text read from a photo, for the field being edited. */
  async scanText(ctx: HttpContext) {
    const user = ctx.auth.use('web').getUserOrFail()
    const input = await ctx.request.validateUsing(scanTextValidator)
    return serialize(TextDetectionTransformer.transform(await detectText(user, input)))
  }

  /** GET /notes/image_search?q: the picker's results. */
  async search(ctx: HttpContext) {
    const user = ctx.auth.use('web').getUserOrFail()
    const input = await ctx.request.validateUsing(imageSuggestionsValidator, {
      data: ctx.request.qs(),
    })
    const found = await searchImages(user, input.q, input.page)
    return serialize(ImageSuggestionsTransformer.transform(found))
  }

  /**
   * POST /notes/image_search/pick {deck_id, id}: the photo is fetched by the
   * server, stored on the deck like an upload (images allowed, 10 MB, an
   * image type; the editor then holds it to 3 per side), and Unsplash's
   * download ping is sent. Answers the upload's {id, type, url} and the
   * attribution the editor shows.
   */
  async pick(ctx: HttpContext) {
    const user = ctx.auth.use('web').getUserOrFail()
    const input = await ctx.request.validateUsing(pickImageValidator)
    const deck = await findEditableDeck(user, input.deck_id)
    const photo = await findImage(user, input.id)
    const bytes = await downloadImage(photo.url, IMAGE_MAX_BYTES)
    const media = await storeImageBytes(user, { deck, bytes, name: `unsplash-${photo.id}` })
    await markDownload(photo.id)
    return serialize(PickedImageTransformer.transform({ media, photo }))
  }

  /**
   * POST /learn/cards/:id/daily_events {kind}: the study page's TTS plays and type-in answers, counted once
   * per card a day.
   */
  async cardEvent(ctx: HttpContext) {
    const user = ctx.auth.use('web').getUserOrFail()
    const input = await ctx.request.validateUsing(cardDailyEventValidator)
    const counted = await countCardEvent(user, { ...input, id: ctx.params.id })
    return serialize(CardEventCountedTransformer.transform(counted))
  }
}
