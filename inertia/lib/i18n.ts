import { useEffect, useState } from 'react'
import { IntlMessageFormat } from 'intl-messageformat'
import { useShared } from '~/lib/shared'

type Messages = Record<string, string>

/* by locale, then by key: a list renders hundreds of messages, each looked up by the literal key it is written with */
const compiled = new Map<string, Map<string, IntlMessageFormat | string>>()
/* a message with no argument, quote or tag is its own text: no formatter to build or run */
const PLAIN = /^[^{}'<]*$/

/**
 * The pages' translations by locale: the script the page's HTML names
 * (`messagesScript`, app/services/client_messages.ts) fills this global
 * before the app starts, and on the server the same process does.
 */
function loaded(): Record<string, Messages | undefined> {
  return ((globalThis as any).mnemoMessages ??= {})
}

/* a locale chosen after the page loaded: its script, fetched once however many components ask */
const fetching = new Map<string, Promise<void>>()
function fetchMessages(src: string) {
  let promise = fetching.get(src)
  if (!promise) {
    promise = new Promise<void>((resolve) => {
      const script = document.createElement('script')
      script.src = src
      script.onload = script.onerror = () => resolve()
      document.head.append(script)
    })
    fetching.set(src, promise)
  }
  return promise
}

/** Translates `ui.*` keys in the request's locale (English fills any gap). ICU syntax, as on the server. */
function translate(
  messages: Messages,
  locale: string,
  key: string,
  values: Record<string, unknown> | undefined,
  cache = locale
) {
  let formats = compiled.get(cache)
  if (!formats) compiled.set(cache, (formats = new Map()))
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
  const { locale, messagesScript } = useShared()
  const messages = loaded()[locale]
  const [, rerender] = useState(0)
  useEffect(() => {
    if (!loaded()[locale]) void fetchMessages(messagesScript).then(() => rerender((n) => n + 1))
  }, [locale, messagesScript])
  /* until a newly chosen locale's script arrives, the page's previous text stays readable */
  const shown = messages ?? Object.values(loaded()).find(Boolean) ?? {}
  return (key: string, values?: Record<string, unknown>) =>
    translate(shown, locale, key, values, messages ? locale : `pending:${locale}`)
}
