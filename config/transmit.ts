import { defineConfig } from '@adonisjs/transmit'
import { pgBus } from '#services/pg_bus_transport'

/*
 * Server-sent events (docs/ai-generation.md: Server-sent events): the web page follows an
 * AI stream's notes as the worker makes them. The worker and the web
 * process meet through PostgreSQL's LISTEN/NOTIFY (pg_bus_transport.ts).
 * Channels are authorized in start/transmit.ts.
 */
export default defineConfig({
  pingInterval: '30s',
  transport: { driver: pgBus(), channel: 'mnemo_transmit' },
})
