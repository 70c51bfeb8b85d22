import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import i18nManager from '@adonisjs/i18n/services/main'

/** Where a page finds its messages: scripts that add them to this global, by locale. */
const MESSAGES_GLOBAL = 'mnemoMessages'

/*
 * The `ui.*` catalogue in parts (decision 0097): a key (without `ui.`) goes
 * to the first area naming it or one of its parents. `common` is what the
 * layout shows on every page (the navigation, toasts, dialogs, banners); the
 * other areas follow the product's parts: `study` is what the study page
 * needs (the first page on a phone that must be quick), and `app` takes the
 * rest of the learner's app.
 */
const AREAS = {
  common: [
    'app',
    'nav',
    'dialog',
    'toast',
    'errors',
    'connection',
    'languages',
    'auth.sign_in',
    'auth.sign_up',
    'admin.debug',
    'admin.home.title',
    'admin.masquerade',
    'browser.nav',
    'client.app_banner',
    'client.banners',
    'client.rebrand',
    'editor.keys',
    'limits.server_down',
    'stats.nav',
    /* the layout's toast of a new version (components/offline/app_updates.tsx) */
    'offline.update',
  ],
  auth: ['auth', 'account', 'landing', 'articles', 'extension'],
  library: ['library'],
  admin: ['admin', 'dev'],
  study: [
    'learn',
    'cards',
    'media',
    'participant',
    'payments',
    'ai',
    'decks',
    'editor',
    'stats.popup',
    'stats.streak',
    'client.feedback',
    'limits.paywall',
  ],
  app: [''],
} as const
export type MessagesArea = keyof typeof AREAS

/*
 * The areas a page loads besides `common`, by its component's name: the
 * first entry that is the name or one of its folders. tests/unit/
 * client_messages_areas.spec.ts reads every page's keys against this list.
 */
const PAGES: [string, MessagesArea[]][] = [
  ['auth', ['auth']],
  ['marketing', ['auth']],
  ['errors', []],
  ['extension', ['auth']],
  ['library', ['library']],
  ['admin', ['admin']],
  ['learning/session', ['study']],
  ['dev', ['admin', 'study', 'app']],
  ['decks/show', ['study', 'app', 'library']],
  ['settings/account', ['study', 'app', 'auth']],
  ['onboarding', ['study', 'app', 'library']],
]

/** The areas page `component` loads, `common` first. */
export function messagesAreasOf(component: string): MessagesArea[] {
  const found = PAGES.find(([name]) => component === name || component.startsWith(`${name}/`))
  return ['common', ...(found ? found[1] : (['study', 'app'] as const))]
}

/** The area of key `key` (`ui.` left off). */
export function messagesAreaOf(key: string): MessagesArea {
  const within = (prefix: string) => prefix === '' || key === prefix || key.startsWith(`${prefix}.`)
  return (Object.keys(AREAS) as MessagesArea[]).find((area) => AREAS[area].some(within))!
}

/* one area's script in one locale */
type Part = {
  version: string
  script: string
  /* the script compressed once at its best, when first asked for */
  encoded?: Promise<{ br: Buffer; gzip: Buffer }>
}

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

const cache = new Map<string, Map<MessagesArea, Part>>()

/* the `ui.*` translations of a locale, with English filling any gap, cut into its areas */
function parts(locale: string) {
  let found = cache.get(locale)
  if (found) return found
  const pick = (source: Record<string, string>) =>
    Object.fromEntries(Object.entries(source).filter(([key]) => key.startsWith('ui.')))
  const messages = {
    ...pick(i18nManager.getTranslationsFor('en')),
    ...pick(i18nManager.getTranslationsFor(locale)),
  }
  const byArea = new Map<MessagesArea, Record<string, string>>(
    (Object.keys(AREAS) as MessagesArea[]).map((area) => [area, {}])
  )
  for (const [key, text] of Object.entries(messages))
    byArea.get(messagesAreaOf(key.slice(3)))![key] = text
  found = new Map()
  for (const [area, subset] of byArea) {
    /* `<` escaped: the same text may sit in a page's inline script one day */
    const json = JSON.stringify(subset).replaceAll('<', '\\u003c')
    const target = `(globalThis.${MESSAGES_GLOBAL}??={})[${JSON.stringify(locale)}]??={}`
    const script = `Object.assign(${target},${json});\n`
    const version = createHash('sha256').update(script).digest('hex').slice(0, 16)
    found.set(area, { version, script })
  }
  cache.set(locale, found)
  /* server-side rendering runs in this process: it reads the same global as the browser, every area */
  ;(globalThis as Record<string, unknown>)[MESSAGES_GLOBAL] ??= {} as Record<string, unknown>
  ;((globalThis as Record<string, any>)[MESSAGES_GLOBAL] as Record<string, unknown>)[locale] =
    messages
  return found
}

/** Whether `area` names an area of the catalogue. */
export function isMessagesArea(area: string): area is MessagesArea {
  return Object.hasOwn(AREAS, area)
}

/**
 * One area of the pages' translations as a script of its own (issue 33:
 * never again in every response's props): its path names the content's
 * hash, so a browser keeps it for a year and a new text is a new path.
 */
export function messagesAsset(locale: string, area: MessagesArea) {
  const found = parts(locale).get(area)!
  const { version, script } = found
  return {
    path: `/i18n/${locale}.${area}.${version}.js`,
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

/** The scripts page `component` loads in `locale`, in order. */
export function messagesScriptsFor(locale: string, component: string) {
  return messagesAreasOf(component).map((area) => messagesAsset(locale, area).path)
}
