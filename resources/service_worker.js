/*
 * Mnemo's service worker (docs/offline.md, decision 0096), served at /sw.js
 * by app/middleware/service_worker_middleware.ts, which writes the version in:
 * the hash of the production build's Vite manifest (a new build, a new
 * worker), of this file in development.
 *
 * - Pages are never kept: a navigation goes to the network, and only when
 *   the network fails is the offline study page's shell (kept when a deck
 *   was made available offline) the answer. HTML and JSON are no-store.
 * - The app's code, styles, fonts, icons and translations are kept in a
 *   cache named by the version, as they are fetched (the page asks for what
 *   it already loaded with a "warm" message); hashed files from the cache
 *   first, the rest (development's modules) from the network first.
 * - A card's pictures and sounds are in a cache of their own, filled by the
 *   page from the download's signed links and keyed by `/media/<key>`.
 * - A sign-in or a sign-out forgets the kept shell page (it names the last
 *   learner); the files stay, and so do the decks and answers in IndexedDB.
 * - A new version installs and waits: it takes over only when no tab runs the
 *   old one (the page shows a toast), never in the middle of a session.
 */
const VERSION = '__MNEMO_SW_VERSION__'
const SHELL_CACHE = `mnemo-shell-${VERSION}`
const MEDIA_CACHE = 'mnemo-media'
const SHELL_URL = '/offline'

/*
 * what the shell needs, by path: the build's code (/assets), translations, fonts, icons, and development's
 * modules (the pages, the route registry, the shared scheduler, Vite's own)
 */
const ASSET = /^\/(assets|inertia|node_modules|@vite|@id|@fs|@react-refresh|\.adonisjs\/client|app\/scheduling|i18n|icons|fonts)(\/|$)/
const IMMUTABLE = /^\/(assets\/|i18n\/[a-z]{2}\.[a-z]+\.[0-9a-f]{16}\.js$)/

self.addEventListener('install', () => {
  /* nothing to fetch yet: the shell is kept when the learner first takes a deck offline */
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys()
      await Promise.all(
        names
          .filter((name) => name.startsWith('mnemo-shell-') && name !== SHELL_CACHE)
          .map((name) => caches.delete(name))
      )
      await self.clients.claim()
    })()
  )
})

self.addEventListener('message', (event) => {
  const data = event.data || {}
  const port = event.ports[0]
  if (data.type === 'warm') event.waitUntil(warm(data.urls || []).then((kept) => port?.postMessage({ kept })))
  /* the learner chose "Reload" on the update toast: the waiting version takes over now */
  if (data.type === 'skip-waiting') self.skipWaiting()
  /*
   * someone signed in or out: the kept shell is the last learner's page (their name, their token), so it goes;
   * their decks and answers stay on the device, and the shell is kept again when a deck page finds a copy
   */
  if (data.type === 'forget-shell') event.waitUntil(forgetShell().then(() => port?.postMessage({ forgotten: true })))
})

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  if (request.mode === 'navigate') return event.respondWith(navigate(request))
  if (url.pathname.startsWith('/media/')) return event.respondWith(media(request, url))
  if (ASSET.test(url.pathname) || url.pathname === '/manifest.webmanifest')
    return event.respondWith(asset(request, url))
})

async function navigate(request) {
  try {
    return await fetch(request)
  } catch (error) {
    const shell = await caches.open(SHELL_CACHE).then((cache) => cache.match(SHELL_URL))
    if (shell) return shell
    throw error
  }
}

async function media(request, url) {
  const cache = await caches.open(MEDIA_CACHE)
  const kept = await cache.match(url.pathname)
  return kept || fetch(request)
}

async function asset(request, url) {
  const cache = await caches.open(SHELL_CACHE)
  if (IMMUTABLE.test(url.pathname)) {
    const kept = await cache.match(request)
    if (kept) return kept
  }
  try {
    const response = await fetch(request)
    /*
     * development serves a stylesheet's path as a script to an import and as CSS to a <link>: only the
     * script is kept under the path (a <link> offline gets nothing rather than a module its import refuses)
     */
    const keep = response.ok && response.type === 'basic' && (request.destination !== 'style' || IMMUTABLE.test(url.pathname))
    if (keep) await cache.put(request, response.clone())
    return response
  } catch (error) {
    const kept = await cache.match(request)
    if (kept) return kept
    throw error
  }
}

async function forgetShell() {
  const names = (await caches.keys()).filter((name) => name.startsWith('mnemo-shell-'))
  await Promise.all(names.map((name) => caches.open(name).then((cache) => cache.delete(SHELL_URL))))
}

/* the shell page and the files the page already loaded (code, styles, fonts): kept for the next offline start */
async function warm(urls) {
  const cache = await caches.open(SHELL_CACHE)
  let kept = 0
  const shell = await fetch(SHELL_URL, { credentials: 'same-origin' }).catch(() => null)
  /* signed out, the shell is the sign-in page's redirect: nothing to keep */
  if (shell && shell.ok && !shell.redirected) {
    await cache.put(SHELL_URL, shell)
    kept++
  }
  const wanted = [...new Set(urls)]
    .map((href) => new URL(href, self.location.origin))
    .filter((url) => url.origin === self.location.origin && ASSET.test(url.pathname))
  /* a few at a time: development's modules are hundreds */
  const next = async () => {
    for (let url = wanted.shift(); url; url = wanted.shift()) {
      if (await cache.match(url.href)) continue
      const response = await fetch(url.href).catch(() => null)
      if (response && response.ok) {
        await cache.put(url.href, response)
        kept++
      }
    }
  }
  await Promise.all([next(), next(), next(), next()])
  return kept
}
