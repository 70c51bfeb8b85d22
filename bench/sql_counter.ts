/*
| A TCP proxy between the app and PostgreSQL that reads the frontend side of
| the wire protocol and counts what the app asks: statements (a simple Query,
| or an Execute of the extended protocol) and round trips (a Query or a Sync:
| the points where the client waits for the server). The benchmarks point a
| second server at it to print SQL per request; the timed runs never go
| through it.
*/
import { createServer, connect, type Socket } from 'node:net'

export interface SqlCounts {
  statements: number
  roundTrips: number
}

export async function startSqlCounter(target: { host: string; port: number }) {
  const counts: SqlCounts = { statements: 0, roundTrips: 0 }
  /* the text of each statement parsed or sent since the last take() */
  let texts: string[] = []
  const sockets = new Set<Socket>()
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host)
    sockets.add(client).add(upstream)
    let buffer = Buffer.alloc(0)
    /* the startup message (and an SSL request before it) has no type byte */
    let started = false
    /* this connection's prepared statements by name ('' is the unnamed one) */
    const prepared = new Map<string, string>()
    client.on('data', (chunk) => {
      upstream.write(chunk)
      buffer = Buffer.concat([buffer, chunk])
      for (;;) {
        if (!started) {
          if (buffer.length < 8) break
          const length = buffer.readInt32BE(0)
          if (buffer.length < length) break
          const code = buffer.readInt32BE(4)
          buffer = buffer.subarray(length)
          /* 80877103: SSLRequest, answered before the real startup message */
          if (code !== 80877103) started = true
          continue
        }
        if (buffer.length < 5) break
        const length = buffer.readInt32BE(1)
        if (buffer.length < length + 1) break
        const type = String.fromCharCode(buffer[0])
        if (type === 'Q') {
          counts.statements++
          counts.roundTrips++
          texts.push(buffer.toString('utf8', 5, length).replace(/\0.*$/s, ''))
        } else if (type === 'P') {
          /* Parse: a statement name, then the text, each ending in a NUL */
          const nameEnd = buffer.indexOf(0, 5)
          prepared.set(
            buffer.toString('utf8', 5, nameEnd),
            buffer.toString('utf8', nameEnd + 1, buffer.indexOf(0, nameEnd + 1))
          )
        } else if (type === 'B') {
          /*
           * Bind: a portal name, then the prepared statement it runs (a statement prepared earlier runs
           * without a Parse)
           */
          const portalEnd = buffer.indexOf(0, 5)
          texts.push(
            prepared.get(
              buffer.toString('utf8', portalEnd + 1, buffer.indexOf(0, portalEnd + 1))
            ) ?? '?'
          )
        } else if (type === 'E') counts.statements++
        else if (type === 'S') counts.roundTrips++
        buffer = buffer.subarray(length + 1)
      }
    })
    upstream.on('data', (chunk) => client.write(chunk))
    const close = () => {
      client.destroy()
      upstream.destroy()
    }
    client.on('close', close).on('error', close)
    upstream.on('close', close).on('error', close)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address() as { port: number }
  return {
    port: address.port,
    /** the counts since the last call, and the statements' texts */
    take(): SqlCounts & { texts: string[] } {
      const taken = { ...counts, texts }
      counts.statements = 0
      counts.roundTrips = 0
      texts = []
      return taken
    },
    async stop() {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
