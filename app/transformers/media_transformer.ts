import type Media from '#models/media'

export default class MediaTransformer {
  /** POST card_attachments and the editor's upload: {id, type, url}. */
  static forApi(media: Media) {
    return { id: media.id, type: media.kind, url: media.url }
  }
}
