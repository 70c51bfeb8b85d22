import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/** Runs `work` in the caller's transaction when there is one, else in a new one. */
export function inTransaction<T>(trx: TransactionClientContract | undefined, work: (trx: TransactionClientContract) => Promise<T>) {
  return trx ? work(trx) : db.transaction(work)
}
