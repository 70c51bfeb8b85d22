import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'

export type AuditEntry = {
  targetUserId?: number | null
  details?: Record<string, unknown>
  ip?: string | null
}

/**
 * One row of the admin audit log. Every admin action writes one, in the
 * action's own transaction when it has one (`trx`): no action without its row.
 */
export async function audit(
  admin: Pick<User, 'id'>,
  action: string,
  entry: AuditEntry = {},
  trx?: TransactionClientContract
) {
  await (trx ?? db).table('admin_audit_logs').insert({
    admin_id: admin.id,
    action,
    target_user_id: entry.targetUserId ?? null,
    details: JSON.stringify(entry.details ?? {}),
    ip: entry.ip ?? null,
  })
}
