import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { isStorableText, unstorableIn, unstorableTextError } from '#services/storable_text'

/**
 * Refuses text no column can hold (#services/storable_text) in every path
 * parameter, query parameter, body field, object key and upload file name:
 * one place instead of a rule in each validator.
 */
export default class StorableTextMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const field =
      unstorableIn(ctx.params) ??
      unstorableIn(ctx.request.qs()) ??
      unstorableFileName(ctx.request.allFiles()) ??
      unstorableIn(ctx.request.body())
    if (field !== null) throw unstorableTextError(ctx, field)
    return next()
  }
}

/* the multipart parser's files, one or a list per field, each with the name the client gave it */
function unstorableFileName(files: Record<string, unknown>): string | null {
  for (const [field, entry] of Object.entries(files)) {
    for (const file of [entry].flat() as { clientName?: unknown }[]) {
      if (typeof file?.clientName === 'string' && !isStorableText(file.clientName)) return field
    }
  }
  return null
}
