import { BaseTransformer } from '@adonisjs/core/transformers'
import type { FlagName, Flags } from '#services/remote_flag_defaults'

/** A flag an admin just set: its name, the value as stored, and every flag now. */
export type FlagSet = { name: FlagName; value: Flags[FlagName]; flags: Flags }

/** PUT /api/remote_flags/:name. */
export default class RemoteFlagSetTransformer extends BaseTransformer<FlagSet> {
  toObject() {
    return {
      name: this.resource.name,
      value: this.resource.value,
      flags: { ...this.resource.flags },
    }
  }
}
