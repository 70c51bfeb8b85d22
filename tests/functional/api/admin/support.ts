import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { makeUser, PASSWORD, tokenFor } from '#tests/support/helpers'

/** An admin (users.is_admin) with their admin token and a normal bearer token. */
export async function adminSession(client: ApiClient) {
  const user = await makeUser()
  user.isAdmin = true
  await user.save()
  const issued = await client
    .post('/api/admin/token')
    .json({ email: user.email, password: PASSWORD })
  issued.assertStatus(201)
  return { user, adminToken: issued.body().token as string, bearer: await tokenFor(user) }
}

export async function auditRows(action?: string) {
  return db
    .from('admin_audit_logs')
    .if(action, (query) => query.where('action', action!))
    .orderBy('id')
}
