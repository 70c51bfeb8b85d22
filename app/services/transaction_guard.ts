import { AsyncLocalStorage } from 'node:async_hooks'
import knex from 'knex'
import { QueryClient } from '@adonisjs/lucid/database'

/**
 * The rule: no code path asks the pool for a second connection while it
 * holds one (its transaction). Such a path waits for a connection that only
 * paths like itself could give back: with as many of them running as the
 * pool has connections, every one of them, and every other request, waits
 * until the pool's acquire timeout (ten sign-ups at once stalled the whole
 * server for 60 s). Inside a transaction every query goes through its
 * `trx` (`{ client: trx }`, `useTransaction(trx)`, helpers taking `trx`).
 *
 * In tests (both the web process and the worker) this guard makes the
 * mistake fail at once, on the first run of the path, instead of only under
 * load: the callback of every `db.transaction(...)` runs in an async context
 * that says "a connection is held here", and the pool refuses to hand out a
 * connection in that context. The transaction's own queries do not ask the
 * pool (knex gives them the connection the transaction holds), so only the
 * mistake is caught. Connections named in `exempt` have pools of their own
 * used for single statements only (see config/database.ts).
 */
const holding = new AsyncLocalStorage<{ open: boolean }>()

export class SecondConnectionError extends Error {
  constructor(connection: string) {
    super(
      `A query asked the "${connection}" pool for a second connection inside a transaction: ` +
        'run it on the transaction (trx, { client: trx }, useTransaction(trx)) or after it'
    )
  }
}

let installed = false

export function guardTransactions(options: { exempt: string[] }) {
  if (installed) return
  installed = true

  /* loosely typed: the method is overloaded (callback or options first) */
  const transaction: (this: QueryClient, ...args: any[]) => Promise<any> =
    QueryClient.prototype.transaction
  QueryClient.prototype.transaction = function (
    this: QueryClient,
    callback?: any,
    transactionOptions?: any
  ) {
    if (typeof callback !== 'function') return transaction.call(this, callback, transactionOptions)
    return transaction.call(
      this,
      (trx: unknown) => {
        const held = { open: true }
        return holding.run(held, async () => {
          try {
            return await callback(trx)
          } finally {
            /* work the callback started and did not wait for may go on: it no longer runs inside */
            held.open = false
          }
        })
      },
      transactionOptions
    )
  } as typeof QueryClient.prototype.transaction

  const acquireConnection = knex.Client.prototype.acquireConnection
  knex.Client.prototype.acquireConnection = function (this: InstanceType<typeof knex.Client>) {
    const connection: string = (this.config as any)?.log?.name ?? 'unknown'
    if (holding.getStore()?.open && !options.exempt.includes(connection)) {
      return Promise.reject(new SecondConnectionError(connection))
    }
    return acquireConnection.call(this)
  }
}
