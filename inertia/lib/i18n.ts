import { IntlMessageFormat } from 'intl-messageformat'
import { useShared } from '~/lib/shared'

/* by locale, then by key: a list renders hundreds of messages, each looked up by the literal key it is written with */
const compiled = new Map<string, Map<string, IntlMessageFormat | string>>()
/* a message with no argument, quote or tag is its own text: no formatter to build or run */
const PLAIN = /^[^{}'<]*$/

/**
 * Translates `ui.*` keys with the messages the server shares for the
 * request's locale (English fills any gap). ICU syntax, as on the server.
 */
function translate(
  messages: Record<string, string>,
  locale: string,
  key: string,
  values?: Record<string, unknown>
) {
  let formats = compiled.get(locale)
  if (!formats) compiled.set(locale, (formats = new Map()))
  let format = formats.get(key)
  if (format === undefined) {
    const message = messages[`ui.${key}`]
    if (message === undefined) return `ui.${key}`
    format = PLAIN.test(message) ? message : new IntlMessageFormat(message, locale)
    formats.set(key, format)
  }
  return typeof format === 'string' ? format : String(format.format(values as any))
}

export function useT() {
  const { messages, locale } = useShared()
  return (key: string, values?: Record<string, unknown>) => translate(messages, locale, key, values)
}
