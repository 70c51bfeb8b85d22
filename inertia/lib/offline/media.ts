/*
 * A deck's pictures and sounds on the device: fetched from the download's links and kept in the Cache
 * Storage under `/media/<key>`, the path the cards' HTML names, where the service worker finds them when the
 * network is away (resources/service_worker.js).
 */
import type { OfflineMedia } from '#types/offline'

const MEDIA_CACHE = 'mnemo-media'

const pathOf = (key: string) => `/media/${key}`

/** Keeps the files not kept yet; answers the bytes of all of them (kept before or now). */
export async function keepMedia(files: OfflineMedia[]) {
  const cache = await caches.open(MEDIA_CACHE)
  let bytes = 0
  for (const file of files) {
    if (!(await cache.match(pathOf(file.key)))) {
      const response = await fetch(file.url, { credentials: 'same-origin' })
      if (!response.ok) throw new Error(`media ${file.key}: ${response.status}`)
      await cache.put(pathOf(file.key), response)
    }
    bytes += file.bytes
  }
  return bytes
}

export async function forgetMedia(keys: string[]) {
  if (!keys.length) return
  const cache = await caches.open(MEDIA_CACHE)
  await Promise.all(keys.map((key) => cache.delete(pathOf(key))))
}
