import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3'

/*
 * An S3-compatible server on loopback (s3rver, objects in a temporary folder),
 * for what only shows on a storage that is not AWS: the settings a web server
 * needs to use it (`env`), and a client to read what was stored, byte for byte.
 */
export const S3_BUCKET = 'mnemo-test'

/** s3rver on port `listenOn` (0: any free one), its objects in a temporary folder removed by stop(). */
export async function startS3Server(listenOn = 0) {
  const directory = await mkdtemp(join(tmpdir(), 'mnemo-s3-'))
  const server = new S3rver({ address: '127.0.0.1', port: listenOn, silent: true, directory, configureBuckets: [{ name: S3_BUCKET }] })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  const env = {
    DRIVE_DISK: 's3', S3_ENDPOINT: endpoint, S3_BUCKET, S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER',
  }
  const client = new S3Client({
    endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED',
  })
  return {
    env,
    /** the object's bytes as the server holds them */
    async read(key: string) {
      const object = await client.send(new GetObjectCommand({ Bucket: S3_BUCKET, Key: key }))
      return Buffer.from(await object.Body!.transformToByteArray())
    },
    async stop() {
      client.destroy()
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
