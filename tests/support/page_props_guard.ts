import { BaseSerializer, Collection, Item, Paginator } from '@adonisjs/core/transformers'

/*
 * Every page prop leaves the server through a transformer (docs/decisions/0082):
 * in tests, Inertia's serializer refuses anything else but a scalar, so the
 * request that renders such a prop fails, and with it its test. (The JSON
 * replies use serialize(), app/transformers/serialize.ts, which the API's
 * conformance check covers; a list of scalars has no shape and passes.)
 */
let guarded = false

export function guardPageProps() {
  if (guarded) return
  guarded = true
  const serialize = BaseSerializer.prototype.serialize
  BaseSerializer.prototype.serialize = function (
    this: BaseSerializer,
    value: unknown,
    resolver?: any
  ) {
    const resource =
      value instanceof Item || value instanceof Collection || value instanceof Paginator
    /* a list of strings or numbers (themes, topics) has no shape to declare */
    const scalars =
      Array.isArray(value) && value.every((entry) => entry === null || typeof entry !== 'object')
    if (value !== null && typeof value === 'object' && !resource && !scalars) {
      const shape = Array.isArray(value)
        ? `an array of ${value.length}`
        : `{${Object.keys(value).slice(0, 6).join(', ')}}`
      const error = new Error(`A page prop skipped its transformer: ${shape}`)
      console.error(error.message)
      throw error
    }
    return serialize.call(this, value as any, resolver)
  } as typeof serialize
}
