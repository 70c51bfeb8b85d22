import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import i18nManager from '@adonisjs/i18n/services/main'

/** Where a page finds its messages: a script that adds them to this global, by locale. */
const MESSAGES_GLOBAL = 'mnemoMessages'

/* the `ui.*` translations a page needs, with English filling any gap */
type Bundle = {
  messages: Record<string, string>
  version: string
  script: string
  /* the script compressed once at its best, when first asked for */
  encoded?: Promise<{ br: Buffer; gzip: Buffer }>
}

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

const cache = new Map<string, Bundle>()

function bundle(locale: string): Bundle {
  let found = cache.get(locale)
  if (!found) {
    const pick = (source: Record<string, string>) =>
      Object.fromEntries(Object.entries(source).filter(([key]) => key.startsWith('ui.')))
    const messages = {
      ...pick(i18nManager.getTranslationsFor('en')),
      ...pick(i18nManager.getTranslationsFor(locale)),
    }
    /* `<` escaped: the same text may sit in a page's inline script one day */
    const json = JSON.stringify(messages).replaceAll('<', '\\u003c')
    const script = `(globalThis.${MESSAGES_GLOBAL}??={})[${JSON.stringify(locale)}]=${json};\n`
    const version = createHash('sha256').update(script).digest('hex').slice(0, 16)
    found = { messages, version, script }
    cache.set(locale, found)
    /* server-side rendering runs in this process: it reads the same global as the browser */
    ;(globalThis as Record<string, unknown>)[MESSAGES_GLOBAL] ??= {} as Record<string, unknown>
    ;((globalThis as Record<string, any>)[MESSAGES_GLOBAL] as Record<string, unknown>)[locale] =
      messages
  }
  return found
}

/**
 * The pages' translations as a script of their own (issue 33: never again in
 * every response's props): its path names the content's hash, so a browser
 * keeps it for a year and a new text is a new path.
 */
export function messagesAsset(locale: string) {
  const found = bundle(locale)
  const { version, script } = found
  return {
    path: `/i18n/${locale}.${version}.js`,
    version,
    script,
    encoded: () =>
      (found.encoded ??= Promise.all([
        brotli(script, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }),
        gzipped(script, { level: constants.Z_BEST_COMPRESSION }),
      ]).then(([br, gz]) => ({ br, gzip: gz }))),
  }
}
