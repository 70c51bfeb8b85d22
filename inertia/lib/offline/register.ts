/*
 * The service worker's registration (resources/service_worker.js, docs/offline.md), loaded after the page's
 * `load` as a chunk of its own so it weighs nothing on a first paint (issue 33).
 */

/** A device that took a deck offline in development keeps the worker; production always has it. */
const DEVICE_FLAG = 'mnemo.offline'

export function markOfflineDevice() {
  localStorage.setItem(DEVICE_FLAG, '1')
}

/**
 * Registers /sw.js (scope /) and calls `onWaiting` when a new version is installed and waits behind the one
 * this tab runs: it takes over once no tab runs the old one, never in the middle of a session.
 */
export async function registerWorker(onWaiting: (activate: () => void) => void) {
  if (!import.meta.env.PROD && localStorage.getItem(DEVICE_FLAG) !== '1') return
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' })
  const announce = (worker: ServiceWorker) =>
    onWaiting(() => {
      navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), {
        once: true,
      })
      worker.postMessage({ type: 'skip-waiting' })
    })
  /* only an update waits behind a controlling worker; the first install has nothing to replace */
  if (registration.waiting && navigator.serviceWorker.controller) announce(registration.waiting)
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller)
        announce(installing)
    })
  })
}
