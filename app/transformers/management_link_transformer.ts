import { BaseTransformer } from '@adonisjs/core/transformers'

/** subscriptions/management_link: the billing portal's address for this customer. */
export default class ManagementLinkTransformer extends BaseTransformer<{ link: string }> {
  toObject() {
    return { link: this.resource.link }
  }
}
