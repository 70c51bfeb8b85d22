import { BaseTransformer } from '@adonisjs/core/transformers'
import type { Flags } from '#services/remote_flag_defaults'

/** Every flag and its value: the apps' GET /api/remote_flags (toObject), the pages' shared prop (forPage). */
export default class RemoteFlagsTransformer extends BaseTransformer<Flags> {
  toObject() {
    return { flags: this.forPage() }
  }

  forPage() {
    return { ...this.resource }
  }
}
