import env from '#start/env'
import ApiException from '#exceptions/api_exception'
import { requirePremium } from '#services/premium'

/*
 * Image search through Unsplash's API (https://unsplash.com/documentation):
 * GET /search/photos for suggestions, GET /photos/:id for one photo and
 * GET /photos/:id/download, the "download ping" Unsplash's guidelines ask for
 * when a photo is used. Authorization is the public access key
 * ("Client-ID <key>"). UNSPLASH_API_URL points it elsewhere (the tests'
 * double, tests/support/unsplash_server.ts). Without a key the calls answer
 * 503 E_IMAGE_SEARCH_NOT_CONFIGURED and the editor's picker says so.
 */

const DEFAULT_API_URL = 'https://api.unsplash.com'
const TIMEOUT_MS = 10_000
const SUGGESTIONS_PER_PAGE = 20

export interface ImageSuggestion {
  id: string
  preview: string
  url: string
  author: { username: string; name: string; link: string }
  username: string
  link: string
  fullName: string
  description: string | null
  width: number | null
  height: number | null
}

export const imageSearchConfigured = () => Boolean(env.get('UNSPLASH_ACCESS_KEY'))

function notConfigured() {
  return ApiException.of('E_IMAGE_SEARCH_NOT_CONFIGURED')
}

const providerError = () => ApiException.of('E_IMAGE_SEARCH_PROVIDER')

/* Unsplash asks for utm parameters on every link back to it (attribution guidelines) */
function withUtm(link: string) {
  try {
    const url = new URL(link)
    url.searchParams.set('utm_source', env.get('UNSPLASH_APP_NAME') ?? 'mnemo')
    url.searchParams.set('utm_medium', 'referral')
    return url.toString()
  } catch {
    return link
  }
}

async function call(path: string, query: Record<string, string> = {}) {
  const key = env.get('UNSPLASH_ACCESS_KEY')
  if (!key) throw notConfigured()
  const base = (env.get('UNSPLASH_API_URL') ?? DEFAULT_API_URL).replace(/\/$/, '')
  const url = new URL(`${base}${path}`)
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
  let response: Response
  try {
    response = await fetch(url, {
      headers: {
        'Authorization': `Client-ID ${key}`,
        'Accept-Version': 'v1',
        'Accept': 'application/json',
      },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
  } catch {
    throw providerError()
  }
  if (response.status === 404) throw ApiException.notFound()
  /* a refused key is the server's configuration, not the user's doing */
  if (response.status === 401 || response.status === 403) throw notConfigured()
  if (!response.ok) throw providerError()
  return response.json() as Promise<any>
}

/** An Unsplash photo as the spec's suggestion (id, preview, url, author username, link, fullName). */
function suggestion(photo: any): ImageSuggestion {
  const link = withUtm(String(photo.user?.links?.html ?? photo.links?.html ?? ''))
  const username = String(photo.user?.username ?? '')
  const fullName = String(photo.user?.name ?? username)
  return {
    id: String(photo.id),
    preview: String(photo.urls?.thumb ?? photo.urls?.small ?? ''),
    url: String(photo.urls?.regular ?? photo.urls?.full ?? ''),
    author: { username, name: fullName, link },
    username,
    link,
    fullName,
    description: photo.alt_description ?? photo.description ?? null,
    width: typeof photo.width === 'number' ? photo.width : null,
    height: typeof photo.height === 'number' ? photo.height : null,
  }
}

/** GET images/suggestions: photos for a query (the first page). */
export async function searchImages(user: { hasPremium: boolean }, query: string, page = 1) {
  /* built-in image search is premium (spec 000 §1), for the apps and the web alike */
  requirePremium(user, 'image_search')
  const body = await call('/search/photos', {
    query,
    page: String(page),
    per_page: String(SUGGESTIONS_PER_PAGE),
    content_filter: 'high',
  })
  return {
    suggestions: Array.isArray(body?.results) ? body.results.map(suggestion) : [],
    total: Number(body?.total ?? 0),
  }
}

/** One photo, by its id. */
export async function findImage(user: { hasPremium: boolean }, id: string) {
  requirePremium(user, 'image_search')
  return suggestion(await call(`/photos/${encodeURIComponent(id)}`))
}

/** POST images/mark_download: the download ping Unsplash counts a use by. */
export async function markDownload(id: string) {
  await call(`/photos/${encodeURIComponent(id)}/download`)
}

/** The bytes of a photo for storing it on a card side, at most `maxBytes` (read no further). */
export async function downloadImage(url: string, maxBytes: number) {
  let response: Response
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(30_000) })
  } catch {
    throw providerError()
  }
  if (!response.ok || !response.body) throw providerError()
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length
    if (size > maxBytes)
      throw ApiException.of('E_IMAGE_TOO_BIG', {
        field: 'id',
        values: { max: Math.round(maxBytes / 1024 / 1024) },
      })
    chunks.push(Buffer.from(chunk))
  }
  return Buffer.concat(chunks)
}
