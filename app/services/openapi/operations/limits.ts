/* limits */
import type { Operations } from '#services/openapi/operation'

export const limitsOperations: Operations = {
  'GET /remote_flags': {
    summary: 'The remote flags (no sign-in)',
    description:
      'The remote flags (no sign-in). Never answers 426, so an outdated app can read min_app_version ' +
      'and latest_version',
    ok: { 200: 'RemoteFlags' },
  },
  'GET /paywall': {
    summary: 'The premium offer the apps show when a free limit is reached',
    description:
      'The premium offer the apps show on E_DAILY_LEARNING_LIMIT, E_GUEST_STUDY_LIMIT or ' +
      'E_GUEST_CARDS_LIMIT: benefits, the "35% more study sessions" claim, plans and prices, the trial',
    ok: { 200: 'Paywall' },
  },
  'PUT /remote_flags/{name}': {
    summary: 'Set one remote flag (admins only)',
    description:
      'Admins only (users.is_admin; anyone else 404): set one flag; every server process follows within ' +
      'seconds',
    /* read without a validator: the value must be of the flag's kind (app/services/remote_flags.ts) */
    body: { type: 'object', properties: { value: {} }, required: ['value'] },
    ok: { 200: 'RemoteFlagSet' },
    errors: [404],
  },
}
