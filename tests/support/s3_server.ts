import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, request, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3'

/*
 * An S3-compatible server on loopback (s3rver, objects in a temporary folder),
 * for what only shows on a storage that is not AWS: the settings a web server
 * needs to use it (`env`), and a client to read what was stored, byte for byte.
 * In front of it, what s3rver lets through and AWS does not: an object sent
 * with no Content-Length (a stream of unknown length goes out chunked) is
 * refused as S3 refuses it (501 NotImplemented for Transfer-Encoding, 411
 * MissingContentLength without either).
 */
const S3_BUCKET = 'mnemo-test'

/** s3rver on port `listenOn` (0: any free one), its objects in a temporary folder removed by stop(). */
export async function startS3Server(listenOn = 0) {
  const directory = await mkdtemp(join(tmpdir(), 'mnemo-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: S3_BUCKET }],
  })
  const { port: inner } = await server.run()
  const front = await strictFront(inner, listenOn)
  const endpoint = `http://127.0.0.1:${(front.address() as { port: number }).port}`
  const env = {
    DRIVE_DISK: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  }
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
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
      await new Promise((resolve) => front.close(resolve))
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}

/* S3's refusal of a body whose length it is not told, in its XML error shape */
function refuse(status: number, code: string, message: string) {
  return {
    status,
    body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  }
}

/** A proxy to s3rver on `inner` that answers a PUT without Content-Length as AWS does. */
async function strictFront(inner: number, listenOn: number): Promise<Server> {
  const front = createServer((incoming, outgoing) => {
    const refusal =
      incoming.method !== 'PUT' || incoming.headers['content-length'] !== undefined
        ? null
        : incoming.headers['transfer-encoding']
          ? refuse(
              501,
              'NotImplemented',
              'A header you provided implies functionality that is not implemented'
            )
          : refuse(411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.')
    if (refusal) {
      incoming.resume()
      outgoing.writeHead(refusal.status, { 'content-type': 'application/xml' }).end(refusal.body)
      return
    }
    const forwarded = request(
      {
        host: '127.0.0.1',
        port: inner,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      }
    )
    forwarded.on('error', () => outgoing.destroy())
    incoming.pipe(forwarded)
  })
  await new Promise<void>((resolve) => front.listen(listenOn, '127.0.0.1', resolve))
  return front
}
