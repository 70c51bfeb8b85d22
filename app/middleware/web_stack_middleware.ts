import { webOnly } from '#middleware/web_only'

/*
 * the pages' server middleware: static files, the pages' translations, the service worker, Vite's assets,
 * Inertia, the session
 */
export default webOnly([
  /* Vite's files compressed by the build, before the static files serve them as they are */
  () => import('#middleware/precompressed_assets_middleware'),
  () => import('@adonisjs/static/static_middleware'),
  () => import('#middleware/messages_asset_middleware'),
  /* /sw.js, the offline app's service worker (docs/offline.md) */
  () => import('#middleware/service_worker_middleware'),
  () => import('@adonisjs/vite/vite_middleware'),
  () => import('#middleware/inertia_middleware'),
  () => import('@adonisjs/session/session_middleware'),
])
