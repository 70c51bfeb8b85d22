import { defineConfig } from '@adonisjs/cors'

/* The mobile apps are native clients: no cross-origin browser access is granted. */
const corsConfig = defineConfig({
  enabled: true,
  origin: [],
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  headers: true,
  exposeHeaders: ['x-user-token', 'retry-after', 'refetch_deck_ids', 'x-masquerade'],
  credentials: true,
  maxAge: 90,
})

export default corsConfig
