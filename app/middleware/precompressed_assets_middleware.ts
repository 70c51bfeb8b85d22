import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { extname } from 'node:path'
import app from '@adonisjs/core/services/app'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { acceptsEncoding } from '#services/accepted_encoding'

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
}
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const

/*
 * a compressed twin's size, kept once found (the build's files do not change while it runs); a path without
 * one is looked for again, so requests for made-up paths cannot grow this map
 */
const twins = new Map<string, number>()
async function twinSize(path: string) {
  const known = twins.get(path)
  if (known !== undefined) return known
  const found = await stat(path).catch(() => null)
  if (!found?.isFile()) return null
  twins.set(path, found.size)
  return found.size
}

/**
 * Vite's files as the build compressed them (bin/precompress_hook.ts):
 * `/assets/x.js` to a browser that takes brotli is `public/assets/x.js.br`,
 * sent with its encoding, immutable for a year like the file itself
 * (config/static.ts). A file without a twin, or a browser that takes
 * neither, falls through to the static files (and the compression of
 * live answers). Issue 33.
 */
export default class PrecompressedAssetsMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const { request, response } = ctx
    const path = request.url()
    const type = TYPES[extname(path)]
    if (
      !type ||
      !path.startsWith('/assets/') ||
      path.includes('..') ||
      !['GET', 'HEAD'].includes(request.method())
    )
      return next()
    const [encoding, suffix] = ENCODINGS.find(([name]) => acceptsEncoding(ctx, name)) ?? []
    if (!encoding || !suffix) return next()
    const file = app.publicPath(`${path.slice(1)}${suffix}`)
    const size = await twinSize(file)
    if (size === null) return next()
    response.header('Content-Type', type)
    response.header('Content-Encoding', encoding)
    response.header('Content-Length', String(size))
    response.header('Vary', 'Accept-Encoding')
    response.header('Cache-Control', 'public, max-age=31536000, immutable')
    /* a HEAD gets the headers alone: Node writes no body for it */
    response.stream(createReadStream(file))
  }
}
