import { BaseTransformer } from '@adonisjs/core/transformers'
import type { SocialSignInOptions } from '#types/auth'

/** Which social sign-in buttons the pages show: the providers this server has a client for. */
export default class SocialOptionsTransformer extends BaseTransformer<SocialSignInOptions> {
  toObject() {
    return this.pick(this.resource, ['google', 'apple'])
  }
}
