import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import ApiException from '#exceptions/api_exception'

const ADMIN_PAGE_SIZE = 25

/** The admin area is only for admins: everyone else gets a 404 (it does not exist for them). */
export function assertAdmin(user: User | undefined): asserts user is User {
  if (!user?.isAdmin) throw ApiException.notFound()
}

/** Users by e-mail, name or username (a substring, any case), newest first, id as the tiebreak. */
export async function searchUsers(q: string | undefined, page: number) {
  const term = q?.trim()
  const pattern = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
  const result = await User.query()
    .if(pattern, (query) =>
      query.where((where) =>
        where
          .whereILike('email', pattern!)
          .orWhereILike('name', pattern!)
          .orWhereILike('username', pattern!)
      )
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .paginate(page, ADMIN_PAGE_SIZE)
  return { users: result.all(), page, hasMore: result.hasMorePages, total: result.total }
}

/** A line of the audit log, as auditLog reads it. */
export type AuditEntry = {
  id: number
  action: string
  adminId: number | null
  adminEmail: string | null
  targetUserId: number | null
  targetEmail: string | null
  details: string
  ip: string | null
  createdAt: string
}

/** The audit log, newest first (id as the tiebreak), with the admins' and targets' addresses. */
export async function auditLog(page: number) {
  const rows = await db
    .from('admin_audit_logs as l')
    .leftJoin('users as a', 'a.id', 'l.admin_id')
    .leftJoin('users as t', 't.id', 'l.target_user_id')
    .select(
      'l.id',
      'l.action',
      'l.admin_id',
      'a.email as admin_email',
      'l.target_user_id',
      't.email as target_email',
      'l.details',
      'l.ip',
      'l.created_at'
    )
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .offset((page - 1) * ADMIN_PAGE_SIZE)
    .limit(ADMIN_PAGE_SIZE + 1)
  return {
    entries: rows.slice(0, ADMIN_PAGE_SIZE).map((row): AuditEntry => ({
      id: Number(row.id),
      action: row.action as string,
      adminId: row.admin_id as number | null,
      adminEmail: row.admin_email as string | null,
      targetUserId: row.target_user_id as number | null,
      targetEmail: row.target_email as string | null,
      details: JSON.stringify(row.details ?? {}),
      ip: row.ip as string | null,
      createdAt: new Date(row.created_at).toISOString(),
    })),
    page,
    hasMore: rows.length > ADMIN_PAGE_SIZE,
  }
}
