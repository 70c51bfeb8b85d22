import router from '@adonisjs/core/services/router'

const AnkiConnectController = () => import('#controllers/ankiconnect/ankiconnect_controller')

/*
 * The AnkiConnect door (docs/ankiconnect.md): the key in the body is the
 * credential; no session, cookie or CSRF token (app/services/request_locale.ts:
 * isCookieless), any origin (config/cors.ts).
 */
router.post('/ankiconnect', [AnkiConnectController, 'handle']).as('ankiconnect')
