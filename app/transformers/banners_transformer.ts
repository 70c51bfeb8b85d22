import { BaseTransformer } from '@adonisjs/core/transformers'
import type { bannersShared } from '#services/flag_banners'

/** The shared `banners` prop: the remote flags' banners and the lifetime offer, not dismissed on this browser. */
export default class BannersTransformer extends BaseTransformer<ReturnType<typeof bannersShared>> {
  toObject() {
    return {
      banners: this.resource.banners.map((banner) => ({ ...banner })),
      lifetime: this.resource.lifetime,
    }
  }
}
