import { BaseTransformer } from '@adonisjs/core/transformers'
import type User from '#models/user'

/** A user's token an admin took (masqueradeAs). */
export type Masquerade = { user: User; token: string; expiresAt: Date }

/** GET admin/masquerade: the user's token, when it expires, and who the user is. */
export default class MasqueradeTransformer extends BaseTransformer<Masquerade> {
  toObject() {
    const { user, token, expiresAt } = this.resource
    return {
      token,
      expiresAt: expiresAt.toISOString(),
      masquerade: true,
      user: { id: user.id, email: user.email, name: user.name },
    }
  }
}
