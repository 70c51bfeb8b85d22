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

/*
 * at most this many different remote images are fetched per note saved (an import: per batch of notes); the
 * rest become alt text
 */
const MAX_REMOTE_IMAGES = 30
export const MAX_REMOTE_IMAGES_PER_BATCH = 300
const PARALLEL = 4

/** Every remote image named in these field values, once each, in order. */
export function remoteImagesIn(htmls: Iterable<unknown>): string[] {
  const found = new Set<string>()
  for (const html of htmls)
    if (typeof html === 'string') for (const url of remoteImageSources(html)) found.add(url)
  return [...found]
}

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** A remote image fetched and written to the drive, its `media` row not yet recorded. */
export interface FetchedImage {
  url: string
  key: string
  mime: string
  size: number
  name: string
}

async function fetchOne(url: string, storedKeys?: string[]): Promise<FetchedImage | null> {
  const image = await fetchRemoteImage(url)
  if (!image) return null
  const key = `${randomUUID()}.${image.ext}`
  await drive.use().put(`media/${key}`, image.bytes)
  storedKeys?.push(`media/${key}`)
  const last = new URL(url).pathname.split('/').pop() || 'image'
  const name = (URL.canParse(`http://x/${last}`) ? safeDecode(last) : last).slice(0, 200)
  return {
    url,
    key,
    mime: image.mime,
    size: image.bytes.length,
    name: name.includes('.') ? name : `${name}.${image.ext}`,
  }
}

/**
 * Fetches the remote images of these field values and writes them to the
 * drive, holding no database connection: a web save calls it before its
 * transaction opens, so a slow or hostile host never keeps a pool
 * connection waiting (a file whose save then fails is the storage sweep's).
 */
export async function fetchRemoteImages(
  htmls: Iterable<unknown>,
  options: { max?: number; storedKeys?: string[] } = {}
) {
  const { max = MAX_REMOTE_IMAGES, storedKeys } = options
  const urls = remoteImagesIn(htmls).slice(0, max)
  const fetched: FetchedImage[] = []
  for (let from = 0; from < urls.length; from += PARALLEL) {
    const chunk = await Promise.all(
      urls.slice(from, from + PARALLEL).map((url) => fetchOne(url, storedKeys))
    )
    for (const image of chunk) if (image) fetched.push(image)
  }
  return fetched
}

/**
 * Records the `media` rows of fetched images for a deck (`deckId`: its root,
 * as every media row) in `trx`, once each however many notes name them:
 * remote URL → the local URL of its stored copy. A URL missing from the map
 * could not be kept.
 */
export async function recordRemoteImages(
  fetched: FetchedImage[],
  owner: { userId: number; deckId: number },
  trx: TransactionClientContract
) {
  const stored = new Map<string, string>()
  if (!fetched.length) return stored
  await trx.rawQuery(
    `INSERT INTO media (key, user_id, deck_id, kind, mime, original_name, size, created_at)
     SELECT key, ?, ?, 'image', mime, name, size, now() FROM unnest(?::text[], ?::text[], ?::text[], ?::int[])
       AS t(key, mime, name, size)
     ON CONFLICT (key) DO NOTHING`,
    [
      owner.userId,
      owner.deckId,
      fetched.map((i) => i.key),
      fetched.map((i) => i.mime),
      fetched.map((i) => i.name),
      fetched.map((i) => i.size),
    ]
  )
  for (const image of fetched) stored.set(image.url, `/media/${image.key}`)
  return stored
}

/**
 * A note's input with its remote images fetched, for a save whose
 * transaction opens next (saveNote records the rows of those it keeps).
 */
export async function withRemoteImages<Input extends { fields: Record<string, unknown> }>(
  input: Input,
  max = MAX_REMOTE_IMAGES
) {
  return {
    ...input,
    remoteImages: await fetchRemoteImages(Object.values(input.fields ?? {}), { max }),
  }
}

/** Both steps at once, for the import job, which writes inside its own long transaction in the worker anyway. */
export async function storeRemoteImages(
  htmls: Iterable<unknown>,
  owner: { userId: number; deckId: number },
  trx: TransactionClientContract,
  options: { max?: number; storedKeys?: string[] } = {}
) {
  return recordRemoteImages(await fetchRemoteImages(htmls, options), owner, trx)
}
