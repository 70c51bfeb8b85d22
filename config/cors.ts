import { defineConfig } from '@adonisjs/cors'

/*
 * The mobile apps are native clients: no cross-origin browser access is granted, except to the
 * AnkiConnect door, which browser extensions (Yomitan) call from any origin: its key, in the body, is
 * its credential, and no cookie is read there (docs/ankiconnect.md).
 */
const corsConfig = defineConfig({
  enabled: true,
  origin: (_origin, ctx) => ['/ankiconnect', '/ankiconnect/'].includes(ctx.request.url()),
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  headers: true,
  exposeHeaders: ['x-user-token', 'retry-after', 'refetch_deck_ids', 'x-masquerade'],
  credentials: true,
  maxAge: 90,
})

export default corsConfig
