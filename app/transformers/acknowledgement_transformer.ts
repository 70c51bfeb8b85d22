import { BaseTransformer } from '@adonisjs/core/transformers'

type Flags = Record<string, boolean | string>

/**
 * A reply that only acknowledges (`{sent: true}`, `{valid: true}`,
 * `{status: 'ok'}`): no entity behind it, its fields are its whole meaning.
 * The type argument names the literal, so each reply keeps its own schema.
 */
export default class AcknowledgementTransformer<
  T extends Flags = Flags,
> extends BaseTransformer<T> {
  toObject(): T {
    return { ...this.resource }
  }
}
