/*
| Environment variables, validated at boot. Every variable is listed in
| docs/configuration.md. Optional ones have working defaults for development and tests;
| production refuses to boot without real services (see start/production.ts).
*/
import { Env } from '@adonisjs/core/env'

export default await Env.create(new URL('../', import.meta.url), {
  NODE_ENV: Env.schema.enum(['development', 'production', 'test'] as const),
  PORT: Env.schema.number.optional(),
  HOST: Env.schema.string.optional({ format: 'host' }),
  APP_KEY: Env.schema.secret(),
  APP_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  LOG_LEVEL: Env.schema.string.optional(),
  /* error answers show the stack and SQL only when a developer sets this (never in production) */
  DEBUG_ERRORS: Env.schema.boolean.optional(),
  /* proxies whose X-Forwarded-For is believed: addresses, CIDRs, `loopback`, `uniquelocal`… (none by default) */
  TRUSTED_PROXIES: Env.schema.string.optional(),

  /* PostgreSQL: a URL, or the usual DB_* parts */
  DATABASE_URL: Env.schema.string.optional(),
  DB_HOST: Env.schema.string.optional({ format: 'host' }),
  DB_PORT: Env.schema.number.optional(),
  DB_USER: Env.schema.string.optional(),
  DB_PASSWORD: Env.schema.string.optional(),
  DB_DATABASE: Env.schema.string.optional(),
  /* every connection's timeouts, in ms (config/database.ts); 0 turns one off */
  DB_STATEMENT_TIMEOUT_MS: Env.schema.number.optional(),
  DB_WORKER_STATEMENT_TIMEOUT_MS: Env.schema.number.optional(),
  DB_LOCK_TIMEOUT_MS: Env.schema.number.optional(),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: Env.schema.number.optional(),
  /*
   * behind a pooler in transaction mode (docs/deployment.md): no settings sent when connecting, unnamed
   * statements, and LISTEN on a direct connection
   */
  DB_POOLER: Env.schema.enum.optional(['none', 'transaction'] as const),
  DB_PREPARED_STATEMENTS: Env.schema.boolean.optional(),
  DATABASE_LISTEN_URL: Env.schema.string.optional(),

  /* who compresses the answers: the app (brotli or gzip), or a proxy in front of it */
  COMPRESSION: Env.schema.enum.optional(['app', 'proxy'] as const),

  /* Redis: sessions, rate limits and jobs use it when set */
  REDIS_URL: Env.schema.string.optional(),
  /* the worker registers the recurring jobs again this often (app/services/schedules.ts), in ms */
  SCHEDULES_CHECK_MS: Env.schema.number.optional(),
  SESSION_DRIVER: Env.schema.enum.optional(['cookie', 'redis', 'database'] as const),
  /* cookies for HTTPS only (production's default); false only to benchmark the build over plain HTTP */
  COOKIES_SECURE: Env.schema.boolean.optional(),

  /* Publishing: the fewest cards a deck needs to be published (a remote flag in the spec, 20 by default) */
  PUBLISH_MIN_CARDS: Env.schema.number.optional(),
  /* Remote flags (app/services/remote_flags.ts): how often a process checks the table for changes, in ms */
  REMOTE_FLAGS_CHECK_MS: Env.schema.number.optional(),
  /* Stripe (config/payments.ts, app/services/stripe): prices per tier; keys and endpoint come with the payments work */
  STRIPE_CURRENCY: Env.schema.string.optional(),
  STRIPE_PRICE_MONTHLY: Env.schema.string.optional(),
  STRIPE_PRICE_YEARLY: Env.schema.string.optional(),
  STRIPE_PRICE_LIFETIME: Env.schema.string.optional(),

  /* The product's own addresses (app/services/client_links.ts): the support mailbox, the mobile apps' store pages */
  SUPPORT_EMAIL: Env.schema.string.optional(),
  MOBILE_APP_STORE_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  MOBILE_PLAY_STORE_URL: Env.schema.string.optional({ format: 'url', tld: false }),

  /* Mail */
  MAIL_MAILER: Env.schema.enum.optional(['smtp', 'outbox'] as const),
  MAIL_FROM: Env.schema.string.optional(),
  SMTP_HOST: Env.schema.string.optional(),
  SMTP_PORT: Env.schema.number.optional(),
  SMTP_USERNAME: Env.schema.string.optional(),
  SMTP_PASSWORD: Env.schema.string.optional(),
  SMTP_SECURE: Env.schema.boolean.optional(),

  /* Google sign-in */
  GOOGLE_CLIENT_ID: Env.schema.string.optional(),
  GOOGLE_CLIENT_SECRET: Env.schema.string.optional(),
  GOOGLE_AUDIENCES: Env.schema.string.optional(),
  GOOGLE_JWKS_URL: Env.schema.string.optional(),
  GOOGLE_ISSUERS: Env.schema.string.optional(),
  GOOGLE_AUTHORIZE_URL: Env.schema.string.optional(),
  GOOGLE_TOKEN_URL: Env.schema.string.optional(),
  GOOGLE_USERINFO_URL: Env.schema.string.optional(),

  /* Apple sign-in */
  APPLE_CLIENT_ID: Env.schema.string.optional(),
  APPLE_AUDIENCES: Env.schema.string.optional(),
  APPLE_JWKS_URL: Env.schema.string.optional(),
  APPLE_ISSUER: Env.schema.string.optional(),
  APPLE_AUTHORIZE_URL: Env.schema.string.optional(),

  /* Browser tests */
  /* media storage: the local disk unless S3 (or an S3-compatible service) is configured */
  DRIVE_DISK: Env.schema.enum.optional(['fs', 's3'] as const),
  S3_BUCKET: Env.schema.string.optional(),
  S3_REGION: Env.schema.string.optional(),
  S3_ENDPOINT: Env.schema.string.optional(),
  S3_ACCESS_KEY_ID: Env.schema.string.optional(),
  S3_SECRET_ACCESS_KEY: Env.schema.string.optional(),
  S3_FORCE_PATH_STYLE: Env.schema.boolean.optional(),
  /* the SDK's optional checksums (config/drive.ts): only AWS itself takes them */
  S3_CHECKSUMS: Env.schema.enum.optional(['when_required', 'when_supported'] as const),

  CHROMIUM_PATH: Env.schema.string.optional(),

  /* payments (Stripe): without a secret key the payment calls answer 503 E_PAYMENTS_NOT_CONFIGURED */
  STRIPE_SECRET_KEY: Env.schema.string.optional(),
  STRIPE_WEBHOOK_SECRET: Env.schema.string.optional(),
  STRIPE_PUBLISHABLE_KEY: Env.schema.string.optional(),
  STRIPE_API_HOST: Env.schema.string.optional(),
  STRIPE_API_PORT: Env.schema.number.optional(),
  STRIPE_API_PROTOCOL: Env.schema.enum.optional(['http', 'https'] as const),
  CELLO_SECRET: Env.schema.string.optional(),

  /* media helpers (docs/media-helpers.md): server-side speech, image search, OCR */
  TTS_PROVIDER: Env.schema.enum.optional(['local', 'openai'] as const),
  TTS_OPENAI_BASE_URL: Env.schema.string.optional(),
  TTS_OPENAI_API_KEY: Env.schema.string.optional(),
  TTS_OPENAI_MODEL: Env.schema.string.optional(),
  TTS_OPENAI_VOICE: Env.schema.string.optional(),
  UNSPLASH_ACCESS_KEY: Env.schema.string.optional(),
  UNSPLASH_API_URL: Env.schema.string.optional(),
  UNSPLASH_APP_NAME: Env.schema.string.optional(),
  OCR_LANGUAGES: Env.schema.string.optional(),
  /* the most pixels a scan reads (app/services/media/ocr.ts), in millions */
  OCR_MAX_MEGAPIXELS: Env.schema.number.optional(),
  /*
   * heavy parsing (a PDF's text, OCR) in a thread of its own: its heap cap (MB) and time cap (ms)
   * (app/services/parse_thread.ts)
   */
  PARSE_MAX_MB: Env.schema.number.optional(),
  PARSE_TIMEOUT_MS: Env.schema.number.optional(),
  /*
   * the worker's nice value: jobs give way to requests on a shared machine (commands/queue_work.ts); 0 keeps
   * the default
   */
  WORKER_NICE: Env.schema.number.optional(),
  /* the jobs queue's lock and stalled check (app/services/worker.ts): BullMQ's 30 s each unless set */
  WORKER_LOCK_MS: Env.schema.number.optional(),
  WORKER_STALLED_CHECK_MS: Env.schema.number.optional(),
  CELLO_PRODUCT_ID: Env.schema.string.optional(),
  CELLO_SCRIPT_URL: Env.schema.string.optional(),
  BROWSER_EXTENSION_ORIGIN: Env.schema.string.optional(),
  /*
   * Which addresses a note's remote image may be fetched from when it is stored (docs/decisions/
   * 0056-remote-images-in-cards.md): `public` (default; never loopback or private ranges), `any`
   * (private ones too), `loopback` (this machine only, no DNS: the tests), `none` (never fetched).
   */
  REMOTE_IMAGE_ADDRESSES: Env.schema.enum.optional(['public', 'any', 'loopback', 'none'] as const),

  /*
   * AI text generation (cards, AI note templates): see docs/real-services.md: AI providers. With
   * AI_PROVIDER unset or 'none' the offline generator makes cards from documents and word
   * lists, and open topics and templates answer 422 E_AI_NEEDS_PROVIDER.
   */
  AI_PROVIDER: Env.schema.enum.optional(['openai', 'anthropic', 'none'] as const),
  AI_API_KEY: Env.schema.string.optional(),
  /* an OpenAI-compatible server (Ollama http://localhost:11434/v1, vLLM …/v1) or another Anthropic endpoint */
  AI_BASE_URL: Env.schema.string.optional(),
  AI_MODEL: Env.schema.string.optional(),
  AI_TIMEOUT_MS: Env.schema.number.optional(),
  AI_MAX_RETRIES: Env.schema.number.optional(),
})
