/*
 * The offline study page's shell (docs/offline.md): once a deck is on the device, the service worker keeps
 * the /offline page and every file this page loaded (code, styles, fonts, translations), with the offline
 * page's own code, so that page opens with no network.
 */
import { markOfflineDevice } from '~/lib/offline/register'

function post(worker: ServiceWorker, message: Record<string, unknown>) {
  return new Promise<void>((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resolve()
    worker.postMessage(message, [channel.port2])
  })
}

export async function keepShell() {
  if (!('serviceWorker' in navigator)) return
  markOfflineDevice()
  await navigator.serviceWorker.register('/sw.js', { scope: '/' })
  const registration = await navigator.serviceWorker.ready
  /* the offline page's code: loaded now, so the files it needs are among the page's resources */
  await import('~/pages/offline/study')
  const urls = performance.getEntriesByType('resource').map((entry) => entry.name)
  if (registration.active) await post(registration.active, { type: 'warm', urls })
}
