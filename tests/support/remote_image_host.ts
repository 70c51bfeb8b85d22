import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Group } from '@japa/runner/core'
import { solidPng } from '#tests/support/images'
import { resetState } from '#tests/support/helpers'

/*
 * "Another host" for the remote-image tests: a server on 127.0.0.2 (the
 * loopback range: these machines send nothing anywhere else) on a free
 * port, counting every request it gets. /track.png is a PNG, /page.png an
 * HTML page named like a picture, /big.png more than the 5 MB cap,
 * /hop.png a redirect to /track.png, /inside.png a redirect to 127.0.0.1
 * (the app's own server: a page, no image), /away.png a redirect to a name
 * the tests' address policy refuses without looking it up.
 */
export class RemoteImageHost {
  hits: string[] = []
  #server: Server | null = null
  base = ''

  async start() {
    const server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.2')
      this.hits.push(url.pathname + url.search)
      if (url.pathname === '/track.png')
        return response.writeHead(200, { 'content-type': 'image/png' }).end(solidPng(12, 8))
      if (url.pathname === '/page.png')
        return response
          .writeHead(200, { 'content-type': 'image/png' })
          .end('<html><script>alert(1)</script></html>')
      if (url.pathname === '/big.png')
        return response
          .writeHead(200, { 'content-type': 'image/png' })
          .end(Buffer.concat([solidPng(4, 4), Buffer.alloc(5 * 1024 * 1024 + 1)]))
      if (url.pathname === '/hop.png')
        return response.writeHead(302, { location: '/track.png?hop=1' }).end()
      if (url.pathname === '/inside.png')
        return response.writeHead(302, { location: `http://127.0.0.1:${process.env.PORT}/` }).end()
      if (url.pathname === '/away.png')
        return response
          .writeHead(302, { location: 'http://metadata.internal/latest/meta-data/' })
          .end()
      response.writeHead(404).end()
    })
    await new Promise<void>((resolve, reject) =>
      server.once('error', reject).listen(0, '127.0.0.2', () => resolve())
    )
    this.#server = server
    this.base = `http://127.0.0.2:${(server.address() as AddressInfo).port}`
    return this
  }

  /** The requests for one path (query included or not). */
  count(path: string) {
    return this.hits.filter((hit) => hit === path || hit.startsWith(`${path}?`)).length
  }

  /** Serves for a test group: started before it, stopped after; each test starts from a clean state and no hits. */
  serveFor(group: Group) {
    group.setup(async () => {
      await this.start()
      return () => this.stop()
    })
    group.each.setup(async () => {
      await resetState()
      this.hits = []
    })
  }

  async stop() {
    const server = this.#server
    this.#server = null
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
