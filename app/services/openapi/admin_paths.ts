/*
| The admin API in the OpenAPI document. Every call but POST admin/token needs
| the header Admin-Authorization (an admin token, `Bearer mna_…` or bare) and
| no bearer token; a missing, bad or expired one, or a revoked admin, is a 401.
| Every call writes a row of the admin audit log.
*/
import { bool, entity, error, errors, int, listOf, mapOf, nullable, obj, op, ref, str } from '#services/openapi/schema'

export const adminSecuritySchemes = { adminToken: { type: 'apiKey', in: 'header', name: 'Admin-Authorization' } }

const admin = { security: [{ adminToken: [] }] }
const unauthorized = { '401': error('Missing, bad or expired admin token, or its owner is no longer an admin') }
const date = str({ format: 'date-time' })
const premium = entity({ userId: int, isPremium: { ...bool, description: 'effective: premiumOverride ?? subscriptionPremium' }, subscriptionPremium: bool, premiumOverride: nullable(bool) })

export const adminSchemas = {
  AdminToken: entity({ token: str({ description: 'mna_…: send as Admin-Authorization' }), expiresAt: date, admin: entity({ id: int, email: nullable(str()), debugMenu: str({ enum: ['full', 'limited', 'none'] }) }) }),
  MasqueradeToken: entity({
    token: str({ description: 'a bearer token acting as the user (one hour, never succeeded; its answers carry x-masquerade: <admin id>; logout revokes only it)' }),
    expiresAt: date, masquerade: bool, user: entity({ id: int, email: nullable(str()), name: nullable(str()) }),
  }),
  PremiumOverride: premium,
}

export const adminPaths = {
  '/admin/token': {
    post: op('An admin token for an admin\'s e-mail and password (12 hours, stored hashed); a non-admin gets the same 400 as a wrong password. Throttled like sign-in.', {
      body: obj({ email: str(), password: str() }, ['email', 'password']),
      ok: [201, ref('AdminToken')],
      extra: { '400': error('Wrong e-mail or password, or not an admin (E_INVALID_CREDENTIALS)'), '429': errors['429'] },
    }),
  },
  '/admin/masquerade': {
    get: {
      ...op('A bearer token acting as another user by id, for one hour (logged)', { ok: [200, ref('MasqueradeToken')], extra: { ...unauthorized, '403': error('The user is an admin (E_MASQUERADE_ADMIN)'), '404': error('No such user'), '422': errors['422'] } }),
      ...admin,
      parameters: [{ name: 'user_id', in: 'query', required: true, schema: int }],
    },
  },
  '/admin/experiments': {
    get: { ...op('The known experiments and their groups (the first is the control)', { ok: [200, entity({ experiments: listOf(entity({ name: str(), groups: listOf(str()) })) })], extra: unauthorized }), ...admin },
  },
  '/admin/update_self': {
    put: {
      ...op('Set the admin\'s own experiment values (known experiments and groups only; null removes one). Answers the admin token in use and the admin\'s User.', {
        body: obj({ user: obj({ experiments: mapOf(nullable(str())) }, ['experiments']) }, ['user']),
        ok: [200, entity({ token: str(), user: ref('User') })],
        extra: unauthorized,
      }),
      ...admin,
    },
  },
  '/admin/users/{id}/premium': {
    put: {
      ...op('Override a user\'s premium status: true or false, or null to clear the override (the subscription decides again)', {
        params: ['id'], body: obj({ premium: nullable(bool) }, ['premium']), ok: [200, ref('PremiumOverride')], extra: { ...unauthorized, '404': error('No such user') },
      }),
      ...admin,
    },
  },
}
