import { BaseTransformer } from '@adonisjs/core/transformers'
import type User from '#models/user'
import UserTransformer from '#transformers/user_transformer'

/** PUT admin/update_self: the admin token the call used, and the admin's User entity as it is now. */
export default class AdminSelfTransformer extends BaseTransformer<{ token: string; user: User }> {
  toObject() {
    return { token: this.resource.token, user: UserTransformer.transform(this.resource.user) }
  }
}
