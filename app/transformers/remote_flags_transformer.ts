import { BaseTransformer } from '@adonisjs/core/transformers'
import type { Flags } from '#services/remote_flag_defaults'

/** GET /api/remote_flags: every flag and its value. */
export default class RemoteFlagsTransformer extends BaseTransformer<Flags> {
  toObject() {
    return { flags: { ...this.resource } }
  }
}
