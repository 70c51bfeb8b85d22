import { BaseTransformer } from '@adonisjs/core/transformers'
import type User from '#models/user'

/** An admin token just issued (issueAdminToken). */
export type AdminToken = { admin: User; value: string; expiresAt: Date }

/** POST admin/token: the token, when it expires, and the admin it is for. */
export default class AdminTokenTransformer extends BaseTransformer<AdminToken> {
  toObject() {
    const { admin, value, expiresAt } = this.resource
    return {
      token: value,
      expiresAt: expiresAt.toISOString(),
      admin: { id: admin.id, email: admin.email, debugMenu: admin.debugMenu },
    }
  }
}
