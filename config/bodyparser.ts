import { mkdirSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/core/bodyparser'
import { FORM_LIMIT_BYTES, JSON_LIMIT_BYTES, MULTIPART_LIMIT_BYTES } from '#services/upload_limits'

/* where uploads stream to (a test shard has its own, as it has its own storage: config/drive.ts) */
export const uploadsFolder =
  app.inTest && process.env.TEST_SHARD
    ? app.tmpPath('uploads', `shard-${process.env.TEST_SHARD}`)
    : app.tmpPath('uploads')

const bodyParserConfig = defineConfig({
  allowedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  form: {
    convertEmptyStringsToNull: true,
    limit: FORM_LIMIT_BYTES,
    types: ['application/x-www-form-urlencoded'],
  },
  json: {
    convertEmptyStringsToNull: true,
    /* room for a 10 MB image as base64 (scan text, occlusion detection: upload_limits.ts) */
    limit: JSON_LIMIT_BYTES,
    types: ['application/json', 'application/json-patch+json', 'application/vnd.api+json'],
  },
  /* text/plain: how AnkiConnect's clients often send their JSON (POST /ankiconnect reads it) */
  raw: { types: ['text/*'], limit: JSON_LIMIT_BYTES },
  multipart: {
    autoProcess: true,
    convertEmptyStringsToNull: true,
    /* deck imports stream their file to the drive themselves (up to 500 MB) */
    processManually: ['/api/deck_imports', '/deck_imports'],
    /*
     * uploads land in tmp/uploads while they stream in: a file cut off is
     * removed by the body parser, any other once its request is answered
     * (app/middleware/upload_cleanup_middleware.ts)
     */
    tmpFileName: () => {
      mkdirSync(uploadsFolder, { recursive: true })
      return join(uploadsFolder, randomUUID())
    },
    /*
     * the transport cap, above every file's own (media 25 MB, images and avatars 10 MB): those answer "too
     * big" themselves
     */
    limit: MULTIPART_LIMIT_BYTES,
    types: ['multipart/form-data'],
  },
})

export default bodyParserConfig
