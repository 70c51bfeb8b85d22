/*
| The OpenAPI 3.1 description of /api, served at /api/openapi.json. A test
| fails when a route under /api is missing here.
*/
import { bool, entity, error, errors, freeForm, int, json, listOf, mapOf, nullable, obj, op, ref, str } from '#services/openapi/schema'
import { contentPaths, contentSchemas } from '#services/openapi/content_paths'
import { learningPaths, learningSchemas } from '#services/openapi/learning_paths'
import { importPaths, importSchemas } from '#services/openapi/import_paths'
import { aiPaths, aiSchemas } from '#services/openapi/ai_paths'
import { statsPaths, statsSchemas } from '#services/openapi/stats_paths'
import { exportPaths, exportSchemas } from '#services/openapi/export_paths'
import { sharingPaths, sharingSchemas } from '#services/openapi/sharing_paths'
import { publishingPaths, publishingSchemas } from '#services/openapi/publishing_paths'
import { participantPaths } from '#services/openapi/participant_paths'
import { libraryPaths, librarySchemas } from '#services/openapi/library_paths'
import { limitsPaths, limitsSchemas } from '#services/openapi/limits_paths'
import { adminPaths, adminSchemas, adminSecuritySchemes } from '#services/openapi/admin_paths'
import { paymentsPaths } from '#services/openapi/payments_paths'
import { mediaHelperPaths } from '#services/openapi/media_helper_paths'
import { onboardingPaths, onboardingSchemas } from '#services/openapi/onboarding_paths'
import { aiTemplatePaths, aiTemplateSchemas } from '#services/openapi/ai_template_paths'
import { clientPaths, clientSchemas } from '#services/openapi/client_paths'

const authAnswer = entity({ token: str(), isNewUser: bool, user: ref('User') })
const providers = entity({ providers: listOf(entity({ provider: str({ enum: ['google', 'apple'] }), email: nullable(str()) })) })

export const openApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Mnemo mobile API',
    version: '1.0.0',
    description:
      'JSON API of the Mnemo apps. Bodies use snake_case keys as the apps send them; answers use the camelCase entity fields. ' +
      'Errors are {title, body?, code}, localized after Accept-Language; every 422 adds errors [{field, rule, message}]. 401 means only a missing, bad or expired bearer token. ' +
      'Near its expiry a token\'s answers carry its successor in x-user-token (the same one until it is used). ' +
      'For users in a shared deck, an answer may carry refetch_deck_ids: the ids (comma-separated) of shared main decks whose notes or subdecks changed since this token was last told; absent when nothing changed. ' +
      'Apps send their version in x-app-version: below the remote flag min_app_version every call but GET /remote_flags answers 426 E_APP_UPDATE_REQUIRED. While the flag maintenance is on, users created before maintenance_started_at get 503 E_MAINTENANCE. While server_message is set, every answer carries x-server-message: base64 of the UTF-8 JSON {"title", "body"}, a non-dismissible message.',
  },
  servers: [{ url: '/api' }],
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, ...adminSecuritySchemes },
    schemas: {
      Error: obj({ title: str(), body: str(), code: str() }, ['title', 'code']),
      ValidationError: obj(
        {
          title: str(), body: str(), code: str({ description: 'E_VALIDATION_ERROR, or the business rule\'s code (E_NOT_REPORTABLE, E_UNSUPPORTED_FORMAT, …)' }),
          errors: listOf(entity({ field: str({ description: 'the body field or parameter, \'\' for the request as a whole' }), rule: str(), message: str() })),
          position: { ...int, description: 'E_INVALID_SEARCH: where the search is wrong (0-based character offset)' },
          expected: str({ description: 'E_INVALID_SEARCH: what was expected there (term, closing_paren, closing_quote, value, number, days, comparison, state, property, rating, prefix, end)' }),
        },
        ['title', 'code', 'errors']
      ),
      ...contentSchemas,
      ...learningSchemas,
      ...importSchemas,
      ...aiSchemas,
      ...statsSchemas,
      ...exportSchemas,
      ...sharingSchemas,
      ...publishingSchemas,
      ...librarySchemas,
      ...limitsSchemas,
      ...onboardingSchemas,
      ...adminSchemas,
      ...aiTemplateSchemas,
      ...clientSchemas,
      /* the same complete User from users/me, PUT users/{id}, every sign-up and every sign-in */
      User: entity({
        id: int, analyticsId: str(), email: nullable(str()), provider: str({ enum: ['apple', 'google', 'email', 'guest'] }),
        isPremium: bool, authorized: { ...bool, description: 'false for a guest' }, name: nullable(str()), username: nullable(str()), about: nullable(str()),
        onboardingData: freeForm('the onboarding answers: the spec\'s languageFocus, languageKey, languageLevel, materialKey, examDate, and ageRange, forgetRate, studyHabit, goal, nativeLanguageKey, reason, examName, specificationKey, minutesPerDay, studyTime, remindersEnabled'),
        onboardingComplete: bool,
        avatarColor: str({ enum: ['blue', 'violet', 'orange', 'red', 'green'] }), avatarUrl: nullable(str()),
        countryCode: nullable(str()), createdAt: str({ format: 'date-time' }), experiments: mapOf(str()), locale: nullable(str()), theme: str(),
        timezoneOffset: { ...int, description: 'minutes from UTC' },
        easyDays: nullable({ type: 'array', items: { type: 'number', minimum: 0, maximum: 1 }, minItems: 7, maxItems: 7, description: 'easy days: a share of a normal day\'s reviews per weekday, Sunday first; null: none' }), paymentCustomerId: nullable(str()),
        subscription: nullable(obj({ pricingTier: str({ enum: ['monthly', 'yearly', 'lifetime'] }), price: { type: 'number' }, currency: str(), coupon: nullable(str()) })),
        subscriptionProvider: listOf(str()),
        connectedSocialProviders: listOf(str({ enum: ['google', 'apple'] })), statsCounters: entity({ cardsStudied: int }),
        freeTier: entity({ aiGenWithPrompt: int, aiGenWithPdf: int, aiGenCardBuilder: int }),
        streak: ref('Streak'),
        socialLinks: { ...mapOf(str()), description: 'the public profile\'s links by network: website, youtube, instagram, tiktok, x' },
        studyReminder: entity({
          time: nullable(str({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: 'HH:MM on the learner\'s clock' })),
          enabled: bool,
          nextAt: nullable(str({ format: 'date-time', description: 'the next instant the e-mail reminder may go (it goes only when cards are due and the day is not done)' })),
        }),
      }),
    },
  },
  paths: {
    '/authentication/register_without_email': {
      post: op('Create a guest account', { body: obj({ experiments: { type: 'object', additionalProperties: str() } }), ok: [201, authAnswer], extra: { '429': errors['429'] } }),
    },
    '/authentication/register_with_email_and_pass': {
      post: op('Sign up with e-mail and password (a guest bearer token upgrades that account in place)', {
        body: obj({ user: obj({ email: str({ format: 'email' }), password: str({ minLength: 8 }), password_confirmation: str(), name: str() }, ['email', 'password']) }, ['user']),
        ok: [201, authAnswer],
        extra: { '429': errors['429'] },
      }),
    },
    '/authentication/login_with_provider': {
      post: op('Sign in: kind email, apple, google or web_to_app (send email to get a link, then code to get a token)', {
        body: obj(
          {
            kind: str({ enum: ['email', 'apple', 'google', 'web_to_app'] }),
            user: { oneOf: [obj({ email: str(), password: str(), name: str() }), str({ description: 'Apple: the user identifier of its credential' })] },
            identity_token: str(), authorization_code: str(), name: str(),
            id_token: str(), web_token: str(), credential: str(), email: str(), code: str(),
          },
          ['kind']
        ),
        ok: [200, authAnswer],
        extra: { '202': { description: 'web_to_app: link e-mailed (same answer for unknown addresses)' }, '400': error('Wrong e-mail or password (E_INVALID_CREDENTIALS), or a Google or Apple token not verified (E_INVALID_IDENTITY_TOKEN)'), '409': error('Identity linked to another account'), '410': error('Link expired'), '429': errors['429'] },
      }),
    },
    '/auth/google': {
      post: op('Sign in with a Google credential (one-tap / id token)', { body: obj({ credential: str() }, ['credential']), ok: [200, authAnswer], extra: { '400': error('Credential not verified (E_INVALID_IDENTITY_TOKEN)') } }),
    },
    '/authentication/logout': { post: op('Revoke the token in use', { auth: true, ok: [204, null] }) },
    '/tokens/validate': { post: op('Check the bearer token', { auth: true, ok: [200, entity({ valid: bool })] }) },
    '/users/me': { get: op('The signed-in user', { auth: true, ok: [200, ref('User')] }) },
    '/users/{id}': {
      put: op('Update the own account: time-zone offset, password (current_password required), profile, public links, study reminder, avatar (multipart, ≤ 10 MB); all or nothing (422 E_REMINDER_TIME_REQUIRED: the reminder turned on without a time)', {
        auth: true,
        params: ['id'],
        body: obj({
          timezone_offset: { type: 'integer' },
          user: obj({
            name: str(), username: str({ pattern: '^[a-z0-9.]+$', maxLength: 30 }), email: str(), about: str(), avatar_color: str(),
            timezone_offset: { type: 'integer' }, locale: str(), theme: str(),
            easy_days: nullable({ type: 'array', items: { type: 'number', minimum: 0, maximum: 1 }, minItems: 7, maxItems: 7 }), current_password: str(), password: str(), password_confirmation: str(),
            onboarding_data: { type: 'object', additionalProperties: true, description: 'answers merged into onboardingData (null removes one); validated all or nothing' },
            onboarding_complete: { ...bool, description: 'the spec\'s onboarding complete flag' },
            social_links: obj({
              website: nullable(str({ description: 'any http(s) address' })), youtube: nullable(str({ description: 'on youtube.com or youtu.be' })),
              instagram: nullable(str({ description: 'on instagram.com' })), tiktok: nullable(str({ description: 'on tiktok.com' })), x: nullable(str({ description: 'on x.com or twitter.com' })),
            }),
            study_reminder_time: nullable(str({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: 'HH:MM on the learner\'s clock; the e-mail reminder needs it' })),
            study_reminder_enabled: { type: 'boolean' },
          }),
        }),
        ok: [200, ref('User')],
        extra: { '404': error('Not the caller') },
      }),
      delete: {
        ...op('Delete the own account and everything it owns. No payload (the spec); a confirmation, when sent, must be the own username', {
          auth: true,
          params: ['id'],
          ok: [204, null],
          extra: { '404': error('Not the caller'), '422': error('E_CONFIRMATION_MISMATCH: a confirmation was sent and is not the username') },
        }),
        requestBody: { required: false, ...json(obj({ confirmation: str({ description: 'optional: the own username' }) })) },
      },
    },
    '/auth/reset-password': {
      post: op('E-mail a single-use reset link (same answer whether or not the address exists)', { body: obj({ email: str() }, ['email']), ok: [202, obj({ sent: { type: 'boolean' } })], extra: { '429': errors['429'] } }),
    },
    '/auth/reset-password/{token}': {
      get: op('Whether a reset link is still valid', { params: ['token'], ok: [200, obj({ valid: { type: 'boolean' } })], extra: { '410': error('Link expired') } }),
      put: op('Set the new password with a reset link', { params: ['token'], body: obj({ password: str({ minLength: 8 }), password_confirmation: str(), token: str() }, ['password']), ok: [200, obj({ success: { type: 'boolean' } })], extra: { '410': error('Link expired') } }),
    },
    '/auth_providers': { get: op('Connected Google and Apple accounts', { auth: true, ok: [200, providers] }) },
    '/auth_providers/{provider}': {
      delete: op('Disconnect a provider (refused when it is the last way to sign in)', { auth: true, params: ['provider'], ok: [200, providers], extra: { '404': error('Not connected'), '409': error('Last way to sign in') } }),
    },
    ...contentPaths,
    ...learningPaths,
    ...importPaths,
    ...aiPaths,
    ...statsPaths,
    ...exportPaths,
    ...sharingPaths,
    ...publishingPaths,
    ...participantPaths,
    ...adminPaths,
    ...libraryPaths,
    ...limitsPaths,
    ...paymentsPaths,
    ...mediaHelperPaths,
    ...onboardingPaths,
    ...aiTemplatePaths,
    ...clientPaths,
    '/openapi.json': { get: op('This document', { ok: [200, { type: 'object' }] }) },
    '/docs': { get: { summary: 'A readable page of this document', security: [], responses: { '200': { description: 'HTML' } } } },
  },
}
