import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/*
 * One shape for every use case in app/actions (CONTRIBUTING.md, "A new use case"):
 *
 *   export async function archiveDeck(actor: User, input: ArchiveDeckInput, options: ActionOptions = {}) {
 *     return withTransaction(options.trx, async (trx) => { ... })
 *   }
 *
 * - a function module named by its verb: no classes, nothing of the request (the door hands
 *   over what it read);
 * - the acting user first (left out for the system's own work: jobs, sweeps, webhooks, which take
 *   their payload), then one input object: the validator's `Infer` type as the door got it (the
 *   spec's field names), with the id the route names; any renaming happens in the action, never
 *   in a door;
 * - options last: `trx` joins the caller's transaction, and without it the use case opens its own.
 *   Effects outside the database that must wait for the commit (files removed, audio queued) go
 *   through `afterCommit`. Steps used inside use cases (row factories, locks, limit checks) take
 *   the caller's `trx`, required.
 */

export type ActionOptions = { trx?: TransactionClientContract }

const pendingEffects = new WeakMap<TransactionClientContract, Array<() => Promise<unknown>>>()

/**
 * Runs `work` in the caller's transaction when there is one, else in a new one, then that one's `afterCommit`
 * effects.
 */
export async function withTransaction<T>(
  trx: TransactionClientContract | undefined,
  work: (trx: TransactionClientContract) => Promise<T>,
  /* for a transaction it opens (one it joins keeps the caller's): e.g. one snapshot for every read */
  opening: { isolationLevel?: 'read committed' | 'repeatable read' | 'serializable' } = {}
) {
  if (trx) return work(trx)
  const effects: Array<() => Promise<unknown>> = []
  const result = await db.transaction((opened) => {
    pendingEffects.set(opened, effects)
    return work(opened)
  }, opening)
  for (const effect of effects) await effect()
  return result
}

/** `effect` runs (awaited) once the transaction `withTransaction` opened is committed; never if it rolls back. */
export function afterCommit(trx: TransactionClientContract, effect: () => Promise<unknown>) {
  const effects = pendingEffects.get(trx)
  if (!effects) throw new Error('afterCommit: the transaction was not opened by withTransaction')
  effects.push(effect)
}
