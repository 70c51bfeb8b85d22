/*
 * The layers of app/ and inertia/, written once, here; tests/unit/layers.spec.ts
 * cruises app/, inertia/ and start/ with this file and fails on any
 * violation. No rule has an exception, and none may get one: a module that
 * does not fit its layer moves to the layer it belongs to. (The test
 * passes the resolver what the "imports" aliases need: their .js names
 * stand for the .ts sources, and `~/` is inertia/.)
 *
 *   doors        app/controllers (HTTP; *_controller.ts, and the door code
 *                they share beside them), app/middleware (the HTTP stack),
 *                app/jobs (the queue: registry.ts, which `node ace
 *                queue:work` hands to the worker); the routes reach them
 *   actions      app/actions: what changes state
 *   queries      app/queries: what reads it, answering rows or read models
 *   transformers app/transformers: what leaves the server, shaped from the
 *                models and read models they are given
 *   models       app/models: Lucid models
 *   services     app/services: shared infrastructure (URLs, queue, mail,
 *                storage, pure helpers) under the actions and queries
 *   core         app/scheduling, app/note_types, app/importers, app/exporters,
 *                app/types: pure code and plain types, no database
 *
 * Dependencies point down: doors → actions / queries → models → core.
 * inertia/ (the pages) sees the server only through types: the
 * transformers' (the generated Data types are theirs), app/types, and
 * core's type modules.
 */
const LAYER = {
  /* the routing files: start/routes*, and the kernel's middleware lists */
  routes: '^(start/routes|start/kernel[.]ts$)',
  /* written by `npm run codegen` (the route registry, the Data types): read, not followed, since it is no layer's code */
  generated: '^[.]adonisjs/',
  controllers: '^app/controllers/',
  middleware: '^app/middleware/',
  jobs: '^app/jobs/',
  doors: '^app/(controllers|middleware|jobs)/',
  actions: '^app/actions/',
  queries: '^app/queries/',
  transformers: '^app/transformers/',
  models: '^app/models/',
  core: '^app/(scheduling|note_types|importers|exporters|types)/',
  services: '^app/services/',
  app: '^app/',
  pages: '^inertia/',
  /* what the pages may name of app/: app/types and core's type modules; server shapes come from the generated Data types */
  pageTypes: '^app/(types/|(note_types|scheduling)/types[.]ts$)',
  /*
   * the scheduler the pages run themselves: the offline study page schedules on the device with the server's
   * own code (issue 34, docs/offline.md); the optimizer (native, the worker's) stays on the server
   */
  sharedCore: '^app/scheduling/(?!fsrs_optimizer[.]ts$)[a-z_]+[.]ts$',
  /* the database: Lucid's services and query builders */
  db: '(^|/)@adonisjs/lucid/(services|build/services)/',
  /* the framework's singletons (app, drive, logger, router, url builder, …): none is pure */
  frameworkServices: '(^|/)@adonisjs/[a-z_-]+/(services|build/services)/',
}

const TYPE_ONLY = ['type-only']

export default {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No import cycle, except one made of Lucid models only (relations name each other through lazy thunks): see lucid-relation-cycle.',
      severity: 'error',
      from: {},
      to: { circular: true, via: { pathNot: LAYER.models } },
    },
    {
      name: 'lucid-relation-cycle',
      comment:
        'A cycle between models only: reported for the test, which names each one (a new one fails there).',
      severity: 'info',
      from: { path: LAYER.models },
      to: { circular: true, viaOnly: { path: LAYER.models } },
    },
    {
      name: 'controllers-from-routes-only',
      comment:
        'A controller is a door: only the routes reach it (no controller extends or calls another; shared door code is not a controller).',
      severity: 'error',
      from: { pathNot: LAYER.routes },
      to: { path: `${LAYER.controllers}.*_controller[.]ts$` },
    },
    {
      name: 'door-code-in-doors-only',
      comment: 'What app/controllers holds is for controllers and the routes alone.',
      severity: 'error',
      from: { pathNot: [LAYER.routes, LAYER.controllers] },
      to: { path: LAYER.controllers },
    },
    {
      name: 'middleware-from-kernel-only',
      comment:
        'Middleware is the HTTP stack: the kernel and the routes name it, and a middleware may compose others; nothing else reaches it.',
      severity: 'error',
      from: { pathNot: [LAYER.routes, LAYER.middleware] },
      to: { path: LAYER.middleware },
    },
    {
      name: 'jobs-from-registry-only',
      comment:
        "A job is the queue's door: app/jobs/registry.ts names them, and the worker command hands the registry to the worker.",
      severity: 'error',
      from: { pathNot: LAYER.jobs },
      to: { path: LAYER.jobs },
    },
    {
      name: 'actions-below-doors',
      comment:
        "Actions change state and answer models or plain values: no door, no transformer (shaping is the door's, through a transformer).",
      severity: 'error',
      from: { path: LAYER.actions },
      to: { path: [LAYER.doors, LAYER.transformers] },
    },
    {
      name: 'queries-read-only',
      comment: 'Queries read and answer rows or read models: no action, no transformer, no door.',
      severity: 'error',
      from: { path: LAYER.queries },
      to: { path: [LAYER.actions, LAYER.transformers, LAYER.doors] },
    },
    {
      name: 'transformers-shape-only',
      comment:
        'Transformers shape what they are given (models, read models): no action, no door, no database.',
      severity: 'error',
      from: { path: LAYER.transformers },
      to: { path: [LAYER.actions, LAYER.doors, LAYER.db] },
    },
    {
      name: 'transformers-take-query-types-only',
      comment: "A transformer names a query's read model (a type), never runs the query.",
      severity: 'error',
      from: { path: LAYER.transformers },
      to: { path: LAYER.queries, dependencyTypesNot: TYPE_ONLY },
    },
    {
      name: 'models-below-queries',
      comment: 'Models know the database and core, not who uses them.',
      severity: 'error',
      from: { path: LAYER.models },
      to: { path: [LAYER.doors, LAYER.actions, LAYER.queries, LAYER.transformers] },
    },
    {
      name: 'services-below-actions',
      comment:
        'Services are shared infrastructure under actions and queries: they call no door, action, query or transformer.',
      severity: 'error',
      from: { path: LAYER.services },
      to: { path: [LAYER.doors, LAYER.actions, LAYER.queries, LAYER.transformers] },
    },
    {
      name: 'core-is-pure',
      comment:
        'Core is pure: no model, no service, nothing of the layers above (not even their types).',
      severity: 'error',
      from: { path: LAYER.core },
      to: {
        path: [
          LAYER.models,
          LAYER.services,
          LAYER.doors,
          LAYER.actions,
          LAYER.queries,
          LAYER.transformers,
        ],
      },
    },
    {
      name: 'core-uses-no-framework-services',
      comment:
        'Core runs outside a booted app: no framework singleton (the database, app, drive, logger, router, …).',
      severity: 'error',
      from: { path: LAYER.core },
      to: { path: LAYER.frameworkServices, dependencyTypesNot: TYPE_ONLY },
    },
    {
      name: 'pages-see-types-only',
      comment:
        "The pages take server shapes from the generated Data types (~generated/data), and from app/ only app/types, core's type modules and the shared scheduler.",
      severity: 'error',
      from: { path: LAYER.pages },
      to: { path: LAYER.app, pathNot: [LAYER.pageTypes, LAYER.sharedCore] },
    },
    {
      name: 'pages-import-no-server-code',
      comment:
        'What the pages take from app/ is a type, erased from the bundle, or the scheduler shared with the browser (app/scheduling, pure).',
      severity: 'error',
      from: { path: LAYER.pages },
      to: { path: LAYER.app, pathNot: LAYER.sharedCore, dependencyTypesNot: TYPE_ONLY },
    },
    {
      name: 'shared-core-runs-in-the-browser',
      comment:
        "The scheduler the pages run imports nothing of the server but itself and its pure libraries (core-is-pure holds the rest); the optimizer is the server's.",
      severity: 'error',
      from: { path: LAYER.sharedCore },
      to: { path: '^app/scheduling/fsrs_optimizer[.]ts$' },
    },
    {
      name: 'shared-core-loads-no-native-code',
      comment:
        "The scheduler the pages run loads no native module: the FSRS optimizer's binding (fsrs-rs) is the server's, and the SM-2 conversion it offered is restated in fsrs.ts.",
      severity: 'error',
      from: { path: LAYER.sharedCore },
      to: { path: '(^|/)@open-spaced-repetition/binding' },
    },
    {
      name: 'server-imports-no-pages',
      comment: 'The server renders pages by name (Inertia): it never imports one.',
      severity: 'error',
      from: { path: LAYER.app },
      to: { path: LAYER.pages },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules', LAYER.generated] },
    /* type-only imports count: a layer may not name another's types either, unless a rule says so */
    tsPreCompilationDeps: true,
  },
}
