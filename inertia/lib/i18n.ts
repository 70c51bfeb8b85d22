import { IntlMessageFormat } from 'intl-messageformat'
import { useShared } from '~/lib/shared'

type Messages = Record<string, string>

/* by locale, then by key: a list renders hundreds of messages, each looked up by the literal key it is written with */
const compiled = new Map<string, Map<string, IntlMessageFormat | string>>()
/* a message with no argument, quote or tag is its own text: no formatter to build or run */
const PLAIN = /^[^{}'<]*$/

/**
 * The pages' translations by locale: the scripts the page's HTML names
 * (its `messagesScripts`, the parts of app/services/client_messages.ts)
 * fill this global before the app starts, and on the server the same
 * process does.
 */
function loaded(): Record<string, Messages | undefined> {
  return ((globalThis as any).mnemoMessages ??= {})
}

/* each part's script, fetched once however many visits ask */
const fetching = new Map<string, Promise<void>>()
function fetchMessages(src: string) {
  let promise = fetching.get(src)
  if (!promise) {
    /* one the document named has run already: deferred scripts run before the app's module */
    promise = document.querySelector(`script[src="${CSS.escape(src)}"]`)
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const script = document.createElement('script')
          script.src = src
          script.onload = script.onerror = () => resolve()
          document.head.append(script)
        })
    fetching.set(src, promise)
  }
  return promise
}

/**
 * The parts of the translations page `page` names, loaded before it shows
 * (app.tsx's resolve): a visit to another part of the app, or in a locale
 * just chosen, brings its messages first.
 */
export function loadMessages(page: { props: Record<string, unknown> }) {
  if (typeof document === 'undefined') return Promise.resolve()
  const scripts = (page.props.messagesScripts as string[] | undefined) ?? []
  return Promise.all(scripts.map(fetchMessages))
}

/** Translates `ui.*` keys in the request's locale (English fills any gap). ICU syntax, as on the server. */
function translate(
  messages: Messages,
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
  const { locale } = useShared()
  const messages = loaded()[locale] ?? {}
  return (key: string, values?: Record<string, unknown>) => translate(messages, locale, key, values)
}
