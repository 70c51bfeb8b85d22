import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { defineConfig, services } from '@adonisjs/drive'

/*
 * The AWS SDK's optional request checksums (aws-chunked bodies with a
 * trailing CRC) are understood by AWS alone: S3-compatible services store
 * the chunk framing inside the object, or refuse the request. Checksums are
 * sent and checked only where an operation requires them unless
 * S3_CHECKSUMS=when_supported (AWS S3 only).
 */
const s3Checksums =
  env.get('S3_CHECKSUMS', 'when_required') === 'when_supported' ? 'WHEN_SUPPORTED' : 'WHEN_REQUIRED'

/*
 * The local disk's folder. A test run split in two (bin/test_shards.ts)
 * gives each half its own, so neither empties or counts the other's files.
 */
export const storageRoot =
  app.inTest && process.env.TEST_SHARD
    ? app.tmpPath('storage', `shard-${process.env.TEST_SHARD}`)
    : app.makePath('storage')

/*
 * Uploaded media and avatars. Local disk by default; S3 or any S3-compatible
 * service (MinIO, R2, …) with DRIVE_DISK=s3. Either way files are private and
 * served only through our own controllers, after the access check.
 */
const driveConfig = defineConfig({
  default: env.get('DRIVE_DISK', 'fs'),
  services: {
    fs: services.fs({
      location: storageRoot,
      serveFiles: false,
      visibility: 'private',
    }),
    s3: services.s3({
      credentials: {
        accessKeyId: env.get('S3_ACCESS_KEY_ID', ''),
        secretAccessKey: env.get('S3_SECRET_ACCESS_KEY', ''),
      },
      region: env.get('S3_REGION', 'us-east-1'),
      bucket: env.get('S3_BUCKET', ''),
      endpoint: env.get('S3_ENDPOINT'),
      forcePathStyle: env.get('S3_FORCE_PATH_STYLE', false),
      requestChecksumCalculation: s3Checksums,
      responseChecksumValidation: s3Checksums,
      visibility: 'private',
    }),
  },
})

export default driveConfig

declare module '@adonisjs/drive/types' {
  export interface DriveDisks extends InferDriveDisks<typeof driveConfig> {}
}
