import type User from '#models/user'
import ApiException from '#exceptions/api_exception'

/**
 * The remote flags' admin door (the /admin/flags page, PUT /api/remote_flags/:name):
 * admins only (users.is_admin). Anyone else gets a 404, as if it did not exist.
 */
export function assertAdmin(user: User | undefined): asserts user is User {
  if (!user?.isAdmin) throw ApiException.notFound()
}
