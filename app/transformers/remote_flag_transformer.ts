import { BaseTransformer } from '@adonisjs/core/transformers'
import type { FlagKind, FlagName, Flags } from '#services/remote_flag_defaults'

/** A flag as the admins' flags page lists it: its kind (the input it takes) and its value. */
export type FlagRow = { name: FlagName; kind: FlagKind; value: Flags[FlagName] }

export default class RemoteFlagTransformer extends BaseTransformer<FlagRow> {
  toObject() {
    return this.pick(this.resource, ['name', 'kind', 'value'])
  }
}
