import { readdir, readFile, writeFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { hooks } from '@adonisjs/core/app'

/* what compresses well; pictures, fonts and source maps are left as they are */
const PRECOMPRESSED = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.wasm', '.txt'])
const SMALLEST = 1024

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

async function* files(folder: string): AsyncGenerator<string> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else if (PRECOMPRESSED.has(extname(entry.name))) yield path
  }
}

/**
 * After Vite's build (the hook before this one in adonisrc.ts): each file of
 * public/assets that compresses gets a `.br` (brotli at its best, quality 11)
 * and a `.gz` beside it, which the build copies with public/. The web server
 * sends them to a browser that accepts them (app/middleware/
 * precompressed_assets_middleware.ts, issue 33): a file compressed once at
 * its best instead of at every request at the speed a live answer needs.
 */
export default hooks.buildStarting(async (parent) => {
  parent.ui.logger.info('compressing assets (brotli and gzip)')
  let count = 0
  for await (const path of files('public/assets')) {
    const content = await readFile(path)
    if (content.length < SMALLEST) continue
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
    ])
    await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)])
    count++
  }
  parent.ui.logger.info(`compressed ${count} assets`)
})
