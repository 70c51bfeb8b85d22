import type { HttpContext } from '@adonisjs/core/http'
import { renewAnkiConnectKey } from '#actions/ankiconnect/renew_key'
import AnkiconnectKeyTransformer from '#transformers/ankiconnect_key_transformer'
import { serialize } from '#transformers/serialize'
import { ankiConnectUrl } from '#services/ankiconnect_keys'

/** The apps' door to the AnkiConnect key (docs/ankiconnect.md). */
export default class AnkiconnectKeysController {
  /** POST ankiconnect_key: a new key (the old one stops working) and the URL to paste with it. */
  async store({ auth, response }: HttpContext) {
    const key = await renewAnkiConnectKey(auth.use('api').getUserOrFail())
    const reply = await serialize(
      AnkiconnectKeyTransformer.transform({ key, url: ankiConnectUrl() })
    )
    return response.status(201).send(reply)
  }
}
