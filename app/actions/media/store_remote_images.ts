import { randomUUID } from 'node:crypto'
import drive from '@adonisjs/drive/services/main'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { remoteImageSources } from '#note_types/sanitize'
import { fetchRemoteImage } from '#services/remote_images'

/*
 * Remote images in notes are stored by the product when the note is saved
 * (web, API, bulk create, imports), as Anki stores media: each
 * `<img src="http(s)://…">` is fetched once by the server (remote_images.ts:
 * the address policy, a size cap, a timeout, a sniffed image type), written
 * to the drive as `media/<uuid>.<ext>` with its `media` row in the save's
 * transaction, and the field then names `/media/<key>`. One that cannot be
 * fetched becomes its alt text (the sanitizer does that to any remote image
 * left), so a card never names another host.
 */

/* at most this many different remote images are fetched per note saved (an import: per batch of notes); the rest become alt text */
export const MAX_REMOTE_IMAGES = 30
export const MAX_REMOTE_IMAGES_PER_BATCH = 300
const PARALLEL = 4

/** Every remote image named in these field values, once each, in order. */
export function remoteImagesIn(htmls: Iterable<unknown>): string[] {
  const found = new Set<string>()
  for (const html of htmls) if (typeof html === 'string') for (const url of remoteImageSources(html)) found.add(url)
  return [...found]
}

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

async function store(url: string, owner: { userId: number; deckId: number }, trx: TransactionClientContract, storedKeys?: string[]) {
  const image = await fetchRemoteImage(url)
  if (!image) return null
  const key = `${randomUUID()}.${image.ext}`
  await drive.use().put(`media/${key}`, image.bytes)
  storedKeys?.push(`media/${key}`)
  const last = new URL(url).pathname.split('/').pop() || 'image'
  const name = (URL.canParse(`http://x/${last}`) ? safeDecode(last) : last).slice(0, 200)
  await trx.table('media').insert({
    key, user_id: owner.userId, deck_id: owner.deckId, kind: 'image', mime: image.mime,
    original_name: name.includes('.') ? name : `${name}.${image.ext}`, size: image.bytes.length, created_at: new Date(),
  })
  return `/media/${key}`
}

/**
 * Fetches and stores the remote images of these field values for a deck
 * (`deckId`: its root, as every media row): remote URL → the local URL of
 * its stored copy. A URL missing from the map could not be kept.
 */
export async function storeRemoteImages(
  htmls: Iterable<unknown>,
  owner: { userId: number; deckId: number },
  trx: TransactionClientContract,
  options: { max?: number; storedKeys?: string[] } = {}
) {
  const { max = MAX_REMOTE_IMAGES, storedKeys } = options
  const urls = remoteImagesIn(htmls).slice(0, max)
  const stored = new Map<string, string>()
  for (let from = 0; from < urls.length; from += PARALLEL) {
    const chunk = urls.slice(from, from + PARALLEL)
    const locals = await Promise.all(chunk.map((url) => store(url, owner, trx, storedKeys)))
    chunk.forEach((url, index) => locals[index] && stored.set(url, locals[index]))
  }
  return stored
}
