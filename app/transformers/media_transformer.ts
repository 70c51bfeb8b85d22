import { BaseTransformer } from '@adonisjs/core/transformers'
import type Media from '#models/media'

/** POST card_attachments and the editor's upload: {id, type, url}. */
export default class MediaTransformer extends BaseTransformer<Media> {
  toObject() {
    return { id: this.resource.id, type: this.resource.kind, url: this.resource.url }
  }
}
