import { BaseTransformer } from '@adonisjs/core/transformers'
import type { ImageSuggestion } from '#services/media/image_search'

/** An image search's page: the photos with their author (attribution), and how many there are in all. */
export default class ImageSuggestionsTransformer extends BaseTransformer<{
  suggestions: ImageSuggestion[]
  total: number
}> {
  toObject() {
    return this.pick(this.resource, ['suggestions', 'total'])
  }
}
