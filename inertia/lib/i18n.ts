import { IntlMessageFormat } from 'intl-messageformat'
import { useShared } from '~/lib/shared'

/* a message with no argument, quote or tag is its own text: no formatter to build or run (a list renders hundreds) */
const compiled = new Map<string, IntlMessageFormat | string>()
const PLAIN = /^[^{}'<]*$/

/**
 * Translates `ui.*` keys with the messages the server shares for the
 * request's locale (English fills any gap). ICU syntax, as on the server.
 */
export function translate(messages: Record<string, string>, locale: string, key: string, values?: Record<string, unknown>) {
  const full = `ui.${key}`
  const message = messages[full]
  if (message === undefined) return full
  const cacheKey = `${locale}:${full}`
  let format = compiled.get(cacheKey)
  if (format === undefined) {
    format = PLAIN.test(message) ? message : new IntlMessageFormat(message, locale)
    compiled.set(cacheKey, format)
  }
  return typeof format === 'string' ? format : String(format.format(values as any))
}

export function useT() {
  const { messages, locale } = useShared()
  return (key: string, values?: Record<string, unknown>) => translate(messages, locale, key, values)
}
