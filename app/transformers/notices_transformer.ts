import { BaseTransformer } from '@adonisjs/core/transformers'
import type { noticesShared } from '#services/client_links'

/** The shared `notices` prop: the notices not dismissed on this browser, the support address, the store links. */
export default class NoticesTransformer extends BaseTransformer<ReturnType<typeof noticesShared>> {
  toObject() {
    return { ...this.resource }
  }
}
