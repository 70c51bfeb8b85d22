import { rm } from 'node:fs/promises'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import logger from '@adonisjs/core/services/logger'

/**
 * The body parser writes each uploaded file to a temporary file, and leaves
 * it there: a file the route refused (too big, the wrong kind, a deck that
 * takes no images) or never read stayed on the disk for good. Once the
 * request is answered, whatever was not moved to storage goes (a moved
 * file's temporary path is gone already). A file cut off mid-upload (the
 * learner cancelled) is removed by the body parser itself.
 */
export default class UploadCleanupMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    try {
      return await next()
    } finally {
      if (ctx.request.bodyType === 'multipart') await removeTemporaryFiles(ctx)
    }
  }
}

async function removeTemporaryFiles(ctx: HttpContext) {
  const files = Object.values(ctx.request.allFiles()).flat()
  await Promise.all(
    files.map((file) =>
      file.tmpPath
        ? rm(file.tmpPath, { force: true }).catch((error) =>
            logger.warn({ err: error }, "an upload's temporary file stays")
          )
        : null
    )
  )
}
