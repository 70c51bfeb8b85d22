import { BaseSerializer } from '@adonisjs/core/transformers'

/*
 * The one way a transformer's output leaves the server as JSON. The spec's
 * bodies are bare: an item is its object, and a list sits under the key its
 * call names (`{folders: [...]}`), so nothing is wrapped in `data`.
 * Inertia serializes page props itself, the same way.
 */
class ReplySerializer extends BaseSerializer<{ PaginationMetaData: Record<string, unknown> }> {
  wrap = undefined

  definePaginationMetaData(metaData: unknown) {
    return metaData as Record<string, unknown>
  }
}

const serializer = new ReplySerializer()

/** A transformer's item, collection or an object holding them, resolved to plain JSON values. */
export const serialize = serializer.serializeWithoutWrapping.bind(serializer)
