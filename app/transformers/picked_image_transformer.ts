import { BaseTransformer } from '@adonisjs/core/transformers'
import type Media from '#models/media'
import type { ImageSuggestion } from '#services/media/image_search'
import MediaTransformer from '#transformers/media_transformer'

/** The editor's pick of a found photo: the stored upload ({id, type, url}) and the attribution the editor shows. */
export default class PickedImageTransformer extends BaseTransformer<{
  media: Media
  photo: ImageSuggestion
}> {
  toObject() {
    const { media, photo } = this.resource
    return {
      ...new MediaTransformer(media).toObject(),
      attribution: { fullName: photo.fullName, username: photo.username, link: photo.link },
    }
  }
}
