import { BaseTransformer } from '@adonisjs/core/transformers'
import type User from '#models/user'
import UserTransformer from '#transformers/user_transformer'

/** A token just issued, to whom, and whether the account is new. */
export type SignIn = { token: string; isNewUser: boolean; user: User }

/** The sign-up and sign-in answers: the new token and the whole User entity. */
export default class SignInTransformer extends BaseTransformer<SignIn> {
  toObject() {
    return {
      token: this.resource.token,
      isNewUser: this.resource.isNewUser,
      user: UserTransformer.transform(this.resource.user),
    }
  }
}
