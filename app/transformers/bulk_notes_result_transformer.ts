import { BaseTransformer } from '@adonisjs/core/transformers'

/** notes/bulk_*: how many notes the action took, and whether it goes on in the background (a 202). */
export default class BulkNotesResultTransformer extends BaseTransformer<{
  count: number
  processing: boolean
}> {
  toObject() {
    return this.pick(this.resource, ['count', 'processing'])
  }
}
