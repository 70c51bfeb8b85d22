import { BaseTransformer } from '@adonisjs/core/transformers'

/**
 * The shared `errors` prop: the last form's messages by field name, as
 * Inertia's middleware reads them from the session (empty when none).
 */
export default class FieldErrorsTransformer extends BaseTransformer<Record<string, string>> {
  toObject() {
    return this.resource
  }
}
