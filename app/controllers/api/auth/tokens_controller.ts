export default class TokensController {
  /** Reaching here means the bearer token passed the auth middleware. */
  async validate() {
    return { valid: true }
  }
}
