import { BaseTransformer } from '@adonisjs/core/transformers'

/** A learner's AnkiConnect key and the URL to paste with it (POST /api/ankiconnect_key, the settings page). */
export default class AnkiconnectKeyTransformer extends BaseTransformer<{
  key: string | null
  url: string
}> {
  toObject() {
    return { key: this.resource.key, url: this.resource.url }
  }
}
