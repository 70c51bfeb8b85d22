import { BaseTransformer } from '@adonisjs/core/transformers'

/** A token handed to a client of ours (the referral programme's JWT, the browser extension's bearer token). */
export default class TokenTransformer extends BaseTransformer<{ token: string }> {
  toObject() {
    return { token: this.resource.token }
  }
}
