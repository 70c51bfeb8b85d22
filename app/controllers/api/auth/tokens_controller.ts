import AcknowledgementTransformer from '#transformers/acknowledgement_transformer'
import { serialize } from '#transformers/serialize'

export default class TokensController {
  /** Reaching here means the bearer token passed the auth middleware. */
  async validate() {
    return serialize(AcknowledgementTransformer.transform({ valid: true }))
  }
}
