import { BaseTransformer } from '@adonisjs/core/transformers'

/** POST images/mark_download: Unsplash was told the photo (by its id) went on a card. */
export default class DownloadMarkedTransformer extends BaseTransformer<{ id: string }> {
  toObject() {
    return { marked: true }
  }
}
