import { indexPages } from '@adonisjs/inertia'
import { defineConfig } from '@adonisjs/core/app'
import { indexEntities } from '@adonisjs/core'
import { generateRegistry } from '@tuyau/core/hooks'
import { indexPolicies } from '@adonisjs/bouncer'

export default defineConfig({
  experimental: {},

  commands: [
    () => import('@adonisjs/core/commands'),
    () => import('@adonisjs/lucid/commands'),
    () => import('@adonisjs/session/commands'),
    () => import('@adonisjs/mail/commands'),
    () => import('@adonisjs/bouncer/commands'),
  ],

  providers: [
    () => import('@adonisjs/core/providers/app_provider'),
    () => import('@adonisjs/core/providers/hash_provider'),
    {
      file: () => import('@adonisjs/core/providers/repl_provider'),
      environment: ['repl', 'test'],
    },
    () => import('@adonisjs/core/providers/vinejs_provider'),
    () => import('@adonisjs/core/providers/edge_provider'),
    () => import('@adonisjs/session/session_provider'),
    () => import('#providers/vite_provider'),
    () => import('@adonisjs/shield/shield_provider'),
    () => import('@adonisjs/static/static_provider'),
    () => import('@adonisjs/lucid/database_provider'),
    () => import('@adonisjs/cors/cors_provider'),
    () => import('@adonisjs/inertia/inertia_provider'),
    () => import('@adonisjs/auth/auth_provider'),
    () => import('@adonisjs/i18n/i18n_provider'),
    () => import('@adonisjs/limiter/limiter_provider'),
    () => import('@adonisjs/mail/mail_provider'),
    () => import('@adonisjs/redis/redis_provider'),
    () => import('@adonisjs/ally/ally_provider'),
    () => import('@adonisjs/drive/drive_provider'),
    () => import('#providers/app_provider'),
    () => import('@adonisjs/bouncer/bouncer_provider'),
    () => import('@adonisjs/transmit/transmit_provider'),
  ],

  preloads: [
    () => import('#start/routes'),
    () => import('#start/kernel'),
    () => import('#start/validator'),
  ],

  tests: {
    suites: [
      {
        files: ['tests/unit/**/*.spec.{ts,js}'],
        name: 'unit',
        timeout: 5000,
      },
      {
        /*
         * actions and queries against PostgreSQL, without HTTP (tests/unit/unit_is_pure.spec.ts keeps the
         * database out of unit)
         */
        files: ['tests/integration/**/*.spec.{ts,js}'],
        name: 'integration',
        timeout: 30000,
      },
      {
        files: ['tests/functional/**/*.spec.{ts,js}'],
        name: 'functional',
        timeout: 30000,
      },
      {
        files: ['tests/browser/**/*.spec.{ts,js}'],
        name: 'browser',
        timeout: 120000,
      },
    ],
    forceExit: true,
  },

  metaFiles: [
    { pattern: 'resources/views/**/*.edge', reloadServer: false },
    { pattern: 'resources/lang/**/*.{json,yaml,yml}', reloadServer: false },
    /* the guides', solutions' and posts' texts (app/queries/articles/article_pages.ts) */
    { pattern: 'resources/lang/**/*.md', reloadServer: false },
    { pattern: 'public/**', reloadServer: false },
    /* the service worker's script, served at /sw.js (app/middleware/service_worker_middleware.ts) */
    { pattern: 'resources/service_worker.js', reloadServer: false },
    /* the PL/pgSQL functions the migrations create, one file per version (database/sql_file.ts) */
    { pattern: 'database/sql/**/*.sql', reloadServer: false },
    /* the OpenAPI document's reply schemas (npm run openapi), read at run time */
    { pattern: 'resources/openapi/*.json', reloadServer: false },
  ],

  hooks: {
    init: [
      /* controllers are the *_controller.ts files: the door code they share beside them (deck_page_props.ts) is none */
      indexEntities({
        controllers: { glob: ['**/*_controller.ts'] },
        transformers: { enabled: true, withSharedProps: true },
      }),
      indexPages({ framework: 'react' }),
      /*
       * typed route names (routes.d.ts) for toRoute() and the client: the pages' routes only, the API's and
       * AnkiConnect's door are for apps and tools (half the registry: 14 KB of every page's script, issue 33)
       */
      generateRegistry({ routes: { except: [/^api\./, /^ankiconnect$/] } }),
      indexPolicies(),
    ],
    /* Vite's build, then its files compressed once at their best (bin/precompress_hook.ts) */
    buildStarting: [
      () => import('@adonisjs/vite/build_hook'),
      () => import('./bin/precompress_hook.js'),
    ],
  },
})
