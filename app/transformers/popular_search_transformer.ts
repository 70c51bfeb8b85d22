import { BaseTransformer } from '@adonisjs/core/transformers'
import type { PopularSearch } from '#queries/library/browse'

/** A search many learners made lately, with how many made it. */
export default class PopularSearchTransformer extends BaseTransformer<PopularSearch> {
  toObject() {
    return this.pick(this.resource, ['query', 'count'])
  }
}
