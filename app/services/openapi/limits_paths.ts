/*
| Remote flags, the paywall's offer and the limits' error codes in the OpenAPI
| document. Every limit answers a stable code the apps turn into the paywall
| (or the sign-up prompt); premium (users.is_premium) lifts them all:
|   402 E_DAILY_LEARNING_LIMIT  a free user studied cards_to_paywall cards today (POST answers)
|   403 E_GUEST_STUDY_LIMIT     a guest studied guest_cards_studied cards in all (POST answers)
|   403 E_GUEST_CARDS_LIMIT     a guest's decks hold guest_cards_created cards (every call that adds cards)
| Every request, read from the server's in-memory copy of the flags:
|   426 E_APP_UPDATE_REQUIRED   the x-app-version header is older than min_app_version (not on GET /remote_flags)
|   503 E_MAINTENANCE           maintenance is on and the signed-in user was created before maintenance_started_at
|   x-server-message            answer header while server_message is set: base64 of UTF-8 JSON {"title","body"},
|                               a non-dismissible message
*/
import { error, int, listOf, nullable, obj, op, ref, str } from '#services/openapi/schema'

const flagsDescription =
  'Every remote flag by name (snake_case names, as the spec lists them): cards_to_paywall, guest_cards_created, guest_cards_studied, min_publish_cards (integers), ' +
  'min_app_version, latest_version (versions), ai_speech, onboarding_rate_us, onboarding_v3, lifetime_banner, maintenance (booleans), maintenance_started_at (ISO time or null), ' +
  'server_message ({title, body} or null), scheduling_link (an http(s) address or empty), ' +
  'banners (at most 10 of {id, level: info|warning|success, text: a text or {en, de?, pt?, es?, fr?}, link: a path or http(s) address or null, until: ISO time or null}), link_maps (object)'

export const limitsSchemas = {
  RemoteFlags: obj({ flags: { type: 'object', additionalProperties: true, description: flagsDescription } }, ['flags']),
  Paywall: obj(
    {
      benefits: listOf(str({ enum: ['unlimited_ai', 'formatting', 'image_occlusion', 'image_search', 'no_daily_limits', 'smart_repetition', 'text_to_speech'] })),
      claimPercent: int,
      currency: str(),
      trialDays: int,
      savingPercent: { ...int, description: 'the yearly plan\'s "Save {value}%" against twelve monthly payments' },
      plans: listOf(obj({ tier: str({ enum: ['monthly', 'yearly', 'lifetime'] }), amount: { ...int, description: 'minor units' }, interval: nullable(str({ enum: ['month', 'year'] })), checkoutUrl: str() })),
    },
    ['benefits', 'claimPercent', 'currency', 'trialDays', 'savingPercent', 'plans']
  ),
}

export const limitsPaths = {
  '/remote_flags': {
    get: op('The remote flags (no sign-in). Never answers 426, so an outdated app can read min_app_version and latest_version', { ok: [200, ref('RemoteFlags')] }),
  },
  '/remote_flags/{name}': {
    put: op('Admins only (users.is_admin; anyone else 404): set one flag; every server process follows within seconds', {
      auth: true,
      params: ['name'],
      body: obj({ value: { description: 'of the flag\'s kind (see GET /remote_flags)' } }, ['value']),
      ok: [200, obj({ name: str(), value: {}, flags: { type: 'object', additionalProperties: true } })],
      extra: { '404': error('Not an admin, or no such flag'), '422': error('E_INVALID_FLAG: the value is not of the flag\'s kind or shape (the title names the banner and what is wrong)') },
    }),
  },
  '/paywall': {
    get: op('The premium offer the apps show on E_DAILY_LEARNING_LIMIT, E_GUEST_STUDY_LIMIT or E_GUEST_CARDS_LIMIT: benefits, the "35% more study sessions" claim, plans and prices, the trial', {
      ok: [200, ref('Paywall')],
    }),
  },
}

