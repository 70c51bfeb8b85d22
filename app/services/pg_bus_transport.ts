import pg from 'pg'
import type { Transport } from '@boringnode/bus/types/main'
import { databaseConnection } from '#config/database'
import env from '#start/env'

/*
 * A @boringnode/bus transport on PostgreSQL's LISTEN/NOTIFY, for transmit
 * (config/transmit.ts): the worker makes the notes, the web process holds
 * the browsers' event streams, and PostgreSQL, which every deployment has
 * (Redis is optional here), carries the broadcasts between them. One client
 * per process, connected only when needed: the first broadcast (the
 * worker), or the first browser subscribing to a channel (the web process,
 * `listenForBroadcasts`), so that commands (migrations, codegen) never
 * connect. Its socket is unref'd; a failed connection is tried again at the
 * next need, never thrown at the caller. NOTIFY payloads are limited to
 * 8000 bytes: the broadcasts are small (ids and short previews).
 */
class PgBusTransport implements Transport {
  #id = ''
  #client: pg.Client | null = null
  #connecting: Promise<pg.Client> | null = null
  #handlers = new Map<string, (message: any) => void>()
  #reconnect: (() => void) | null = null
  #closed = false

  setId(id: string) {
    this.#id = id
    return this
  }

  onReconnect(callback: () => void) {
    this.#reconnect = callback
  }

  #connect() {
    this.#connecting ??= (async () => {
      /*
       * LISTEN needs a session of its own: behind a pooler in transaction mode, DATABASE_LISTEN_URL names
       * PostgreSQL itself
       */
      const listenUrl = env.get('DATABASE_LISTEN_URL')
      const client = new pg.Client(
        listenUrl ? { connectionString: listenUrl } : databaseConnection()
      )
      await client.connect()
      ;(client as any).connection?.stream?.unref?.()
      client.on('notification', (message) => {
        const handler = this.#handlers.get(message.channel)
        if (!handler || !message.payload) return
        try {
          const decoded = JSON.parse(message.payload)
          /* a process does not hear its own broadcasts (transmit already sent them locally) */
          if (decoded.busId !== this.#id) handler(decoded.payload)
        } catch {
          /* not ours */
        }
      })
      client.on('error', () => {
        /* the connection broke: the next use connects again and listens anew */
        this.#client = null
        this.#connecting = null
        if (!this.#closed) void this.#relisten()
      })
      for (const channel of this.#handlers.keys()) await client.query(`LISTEN ${quote(channel)}`)
      this.#client = client
      return client
    })()
    return this.#connecting
  }

  async #relisten() {
    try {
      await this.#connect()
      this.#reconnect?.()
    } catch {
      /* the next publish or subscribe tries again */
    }
  }

  async publish(channel: string, message: any) {
    const client = await this.#connect().catch((error) => {
      this.#connecting = null
      throw error
    })
    await client.query('select pg_notify($1, $2)', [
      channel,
      JSON.stringify({ busId: this.#id, payload: message }),
    ])
  }

  /* recorded only: the LISTEN happens when the process first needs it (listen()) */
  async subscribe(channel: string, handler: (message: any) => void) {
    this.#handlers.set(channel, handler)
    if (this.#client) await this.#client.query(`LISTEN ${quote(channel)}`)
  }

  /** Connects and listens on every subscribed channel; a failure is left for the next call. */
  async listen() {
    try {
      await this.#connect()
    } catch {
      this.#connecting = null
    }
  }

  async unsubscribe(channel: string) {
    this.#handlers.delete(channel)
    if (this.#client) await this.#client.query(`UNLISTEN ${quote(channel)}`)
  }

  async disconnect() {
    this.#closed = true
    const connecting = this.#connecting
    this.#client = null
    this.#connecting = null
    const client = connecting ? await connecting.catch(() => null) : null
    await client?.end().catch(() => {})
  }
}

/* a channel name as a quoted identifier (LISTEN takes no parameter) */
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

/* the process's transport (transmit makes one) */
let current: PgBusTransport | null = null

export function pgBus() {
  return () => (current = new PgBusTransport())
}

/** The process's transport, once transmit made it (app/services/transmit_relay.ts sends on it too). */
export function busTransport() {
  return current
}

/** The web process calls this when a browser subscribes: from then on it hears the worker's broadcasts. */
export async function listenForBroadcasts() {
  await current?.listen()
}
