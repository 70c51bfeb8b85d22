import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { solidPng } from '#tests/support/images'

/**
 * A local stand-in for Unsplash's API (https://unsplash.com/documentation):
 * GET /search/photos (its paginated {total, total_pages, results} with the
 * photo objects' urls, user and links), GET /photos/:id,
 * GET /photos/:id/download (the download ping, answering {url}) and the
 * image files the photos' urls point to (PNGs here). It checks the
 * "Client-ID <key>" authorization as Unsplash does (401 {errors}), and
 * records every call for the tests. Started on a free port by the tests that
 * use it; UNSPLASH_API_URL points the adapter at it.
 */
export const UNSPLASH_TEST_KEY = 'unsplash-test-key'

export const unsplashState = {
  calls: [] as {
    method: string
    path: string
    query: Record<string, string>
    authorization: string | undefined
  }[],
  downloads: new Map<string, number>(),
  /* the next this-many calls answer 500 */
  failures: 0,
  /* the size of the image files served (a picture over 10 MB tests the cap) */
  imageBytes: null as Buffer | null,
}

let server: Server | undefined
let base = ''

const PHOTOS = ['apple', 'banana', 'cherry'].map((word, index) => ({
  id: `Ph0to-${word}`,
  word,
  width: 40 + index,
  height: 30,
  user: { username: `author_${word}`, name: `Author ${word[0].toUpperCase()}${word.slice(1)}` },
}))

function photo(entry: (typeof PHOTOS)[number]) {
  return {
    id: entry.id,
    created_at: '2024-01-01T00:00:00Z',
    width: entry.width,
    height: entry.height,
    color: '#5a5a5a',
    description: `A ${entry.word}`,
    alt_description: `a ${entry.word} on a table`,
    urls: {
      raw: `${base}/images/${entry.id}.png?raw=1`,
      full: `${base}/images/${entry.id}.png?full=1`,
      regular: `${base}/images/${entry.id}.png?w=1080`,
      small: `${base}/images/${entry.id}.png?w=400`,
      thumb: `${base}/images/${entry.id}.png?w=200`,
    },
    links: {
      self: `${base}/photos/${entry.id}`,
      html: `https://unsplash.com/photos/${entry.id}`,
      download: `https://unsplash.com/photos/${entry.id}/download`,
      download_location: `${base}/photos/${entry.id}/download`,
    },
    user: {
      id: `user-${entry.word}`,
      username: entry.user.username,
      name: entry.user.name,
      links: {
        self: `${base}/users/${entry.user.username}`,
        html: `https://unsplash.com/@${entry.user.username}`,
      },
    },
  }
}

export function resetUnsplash() {
  unsplashState.calls = []
  unsplashState.downloads.clear()
  unsplashState.failures = 0
  unsplashState.imageBytes = null
}

export async function startUnsplashServer() {
  if (server) return base
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    const send = (status: number, body: unknown) => {
      response.writeHead(status, {
        'Content-Type': 'application/json',
        'X-Ratelimit-Limit': '50',
        'X-Ratelimit-Remaining': '49',
      })
      response.end(JSON.stringify(body))
    }
    if (url.pathname.startsWith('/images/')) {
      response.writeHead(200, { 'Content-Type': 'image/png' })
      return response.end(unsplashState.imageBytes ?? solidPng(40, 30))
    }
    unsplashState.calls.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: request.headers.authorization,
    })
    if (request.headers.authorization !== `Client-ID ${UNSPLASH_TEST_KEY}`)
      return send(401, { errors: ['OAuth error: The access token is invalid'] })
    if (unsplashState.failures > 0) {
      unsplashState.failures--
      return send(500, { errors: ['Internal server error'] })
    }
    if (url.pathname === '/search/photos') {
      const query = (url.searchParams.get('query') ?? '').toLowerCase()
      const found = PHOTOS.filter((entry) =>
        query.split(/\s+/).some((word) => word && (entry.word.includes(word) || word === 'fruit'))
      )
      return send(200, {
        total: found.length,
        total_pages: found.length ? 1 : 0,
        results: found.map(photo),
      })
    }
    const match = /^\/photos\/([^/]+)(\/download)?$/.exec(url.pathname)
    const entry = match && PHOTOS.find((candidate) => candidate.id === decodeURIComponent(match[1]))
    if (!match || !entry) return send(404, { errors: ["Couldn't find Photo"] })
    if (match[2]) {
      unsplashState.downloads.set(entry.id, (unsplashState.downloads.get(entry.id) ?? 0) + 1)
      return send(200, { url: `${base}/images/${entry.id}.png?dl=1` })
    }
    return send(200, photo(entry))
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return base
}

export async function stopUnsplashServer() {
  const running = server
  server = undefined
  if (running) await new Promise((resolve) => running.close(resolve))
}
