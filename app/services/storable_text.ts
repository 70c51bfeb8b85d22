import type { HttpContext } from '@adonisjs/core/http'
import { errors as vineErrors } from '@vinejs/vine'

/*
 * Text no column can hold: a NUL character (PostgreSQL's text type cannot
 * store one) and a lone UTF-16 surrogate (not Unicode at all: no encoder can
 * write it, and encodeURIComponent throws on it). Refused at the edge, before
 * any route reads it (#middleware/storable_text_middleware), and by the
 * import upload, which streams its multipart body itself.
 */
export function isStorableText(text: string) {
  return !text.includes('\u0000') && text.isWellFormed()
}

const MAX_DEPTH = 64

/** The path of the first string (or object key) that cannot be stored, in the validator's dotted form, or null. */
export function unstorableIn(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path
  /*
   * plain objects and lists only: an upload's file object is not text the client sent (its name is checked on
   * its own)
   */
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null
  const prototype = Object.getPrototypeOf(value)
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) return null
  for (const [key, item] of Object.entries(value)) {
    /* a bad key is reported on its object: the key itself cannot be named */
    if (!isStorableText(key)) return path
    const found = unstorableIn(item, path ? `${path}.${key}` : key, depth + 1)
    if (found !== null) return found
  }
  return null
}

/** The 422 for it, in the validator's format, naming the field. */
export function unstorableTextError(ctx: HttpContext, field: string) {
  const message = ctx.i18n.t('validator.shared.messages.storableText')
  return new vineErrors.E_VALIDATION_ERROR([{ field, rule: 'storableText', message }])
}
