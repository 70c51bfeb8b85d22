import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.errorHandler(() => import('#exceptions/handler'))

/*
 * The session, the signed-in user and the locale are server middleware:
 * they run for every request, also one that matches no route, so the 404
 * page (and any status page) knows who is signed in and speaks their language.
 * /api requests skip what only pages use (web_stack, web_shield: static
 * files, Vite, Inertia, the session, CSRF); they carry a bearer token.
 */
server.use([
  /* first: every answer passes through it (COMPRESSION=proxy turns it off) */
  () => import('#middleware/compression_middleware'),
  () => import('#middleware/container_bindings_middleware'),
  () => import('@adonisjs/cors/cors_middleware'),
  () => import('#middleware/web_stack_middleware'),
  /* `Bearer  <token>` with a run of spaces is `Bearer <token>`, before any guard reads it */
  () => import('#middleware/authorization_header_middleware'),
  () => import('#middleware/initialize_auth_middleware'),
  () => import('#middleware/silent_auth_middleware'),
  () => import('#middleware/remote_flags_middleware'),
  () => import('#middleware/masquerade_expiry_middleware'),
  () => import('#middleware/detect_locale_middleware'),
  () => import('#middleware/no_store_middleware'),
])

router.use([
  /* an upload's temporary file goes once the request is answered, stored or refused */
  () => import('#middleware/upload_cleanup_middleware'),
  /* an API body the parser would not read (text/plain, no Content-Type) is a 415, not "deck: required" */
  () => import('#middleware/body_content_type_middleware'),
  () => import('@adonisjs/core/bodyparser_middleware'),
  /* in the API, `folder_id=` is no folder_id: what many HTTP libraries send for nil */
  () => import('#middleware/empty_query_middleware'),
  /* text no column can hold (NUL, a lone surrogate) is a 422 before any route reads it */
  () => import('#middleware/storable_text_middleware'),
  () => import('#middleware/web_shield_middleware'),
  /* the API's replies hand out media as absolute signed links (a WebView sends no header) */
  () => import('#middleware/api_media_links_middleware'),
])

export const middleware = router.named({
  guest: () => import('#middleware/guest_middleware'),
  auth: () => import('#middleware/auth_middleware'),
  apiAuth: () => import('#middleware/api_auth_middleware'),
  /* on the API's route groups, after their authentication: a POST's Idempotency-Key (app/services/idempotency.ts) */
  idempotent: () => import('#middleware/idempotency_middleware'),
  adminAuth: () => import('#middleware/admin_auth_middleware'),
  /* on the route groups whose pages call JSON endpoints: those calls keep the page's flash messages */
  keepFlash: () => import('#middleware/keep_flash_middleware'),
})
