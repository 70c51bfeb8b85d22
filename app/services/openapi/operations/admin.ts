/* admin */
import type { Operations } from '#services/openapi/operation'
import {
  adminTokenValidator,
  masqueradeValidator,
  premiumOverrideValidator,
  updateSelfValidator,
} from '#validators/admin'

export const adminOperations: Operations = {
  'POST /admin/token': {
    summary: "An admin token for an admin's e-mail and password (12 hours, stored hashed)",
    description:
      "An admin token for an admin's e-mail and password (12 hours, stored hashed); a non-admin gets " +
      'the same 400 as a wrong password. Throttled like sign-in.',
    body: adminTokenValidator,
    ok: { 201: 'AdminToken' },
    errors: [400, 429],
  },
  'GET /admin/masquerade': {
    summary: 'A bearer token acting as another user by id, for one hour (logged)',
    query: masqueradeValidator,
    ok: { 200: 'Masquerade' },
    errors: [403, 404],
  },
  'GET /admin/experiments': {
    summary: 'The known experiments and their groups (the first is the control)',
    ok: { 200: 'Experiments' },
  },
  'PUT /admin/update_self': {
    summary:
      "Set the admin's own experiment values (known experiments and groups only; null removes one)",
    description:
      "Set the admin's own experiment values (known experiments and groups only; null removes one). " +
      "Answers the admin token in use and the admin's User.",
    body: updateSelfValidator,
    ok: { 200: 'AdminSelf' },
  },
  'PUT /admin/users/{id}/premium': {
    summary: "Override a user's premium status",
    description:
      "Override a user's premium status: true or false, or null to clear the override (the subscription " +
      'decides again)',
    body: premiumOverrideValidator,
    ok: { 200: 'PremiumOverride' },
    errors: [404],
  },
}
