import { BaseTransformer } from '@adonisjs/core/transformers'

/** GET /exports/addresses: the addresses this learner's exports go to without asking. */
export default class ExportAddressesTransformer extends BaseTransformer<{ confirmed: string[] }> {
  toObject() {
    return { confirmed: this.resource.confirmed }
  }
}
