import { BaseTransformer } from '@adonisjs/core/transformers'
import type { adminShared } from '#services/admin_session'

/** What the pages know of an admin's session (services/admin_session.ts): the masquerade banner, the debug panel. */
export type AdminSession = ReturnType<typeof adminShared>

/** The shared `admin` prop. */
export default class AdminSessionTransformer extends BaseTransformer<AdminSession> {
  toObject() {
    const { isAdmin, masquerade, debug } = this.resource
    return {
      isAdmin,
      masquerade: masquerade && { ...masquerade },
      debug: debug && { ...debug, experiments: debug.experiments && { ...debug.experiments } },
    }
  }
}
