import { BaseTransformer } from '@adonisjs/core/transformers'
import type { AuditEntry } from '#queries/admin/admin_queries'

/** A line of the admin audit log: who did what to whom, from where, when. */
export default class AuditEntryTransformer extends BaseTransformer<AuditEntry> {
  toObject() {
    return this.pick(this.resource, [
      'id',
      'action',
      'adminId',
      'adminEmail',
      'targetUserId',
      'targetEmail',
      'details',
      'ip',
      'createdAt',
    ])
  }
}
