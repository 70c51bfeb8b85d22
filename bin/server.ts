/*
| HTTP server entrypoint (production: `node build/bin/server.js`).
*/
await import('reflect-metadata')
const { prettyPrintError } = await import('@adonisjs/core')
const { createIgnitor } = await import('./ignitor.js')

createIgnitor()
  /* before it listens: the release step's migrations first (app/services/schema_ready.ts) */
  .tap((app) =>
    app.starting(async () => {
      const { waitForSchema } = await import('#services/schema_ready')
      await waitForSchema()
      /* behind a pooler the server's defaults carry the session timeouts (config/database.ts) */
      const { checkSessionTimeouts } = await import('#services/session_timeouts')
      await checkSessionTimeouts()
      /* files on the local disk: one machine only (app/services/disk_claim.ts) */
      const { claimLocalDisk } = await import('#services/disk_claim')
      await claimLocalDisk()
      /* the first request to each controller does not compile its modules on the event loop */
      if (app.inProduction) {
        const { loadControllers } = await import('#services/warm_up')
        await loadControllers()
      }
    })
  )
  .httpServer()
  .start()
  .catch(async (error) => {
    await prettyPrintError(error)
    /* a server that could not start exits (open connections would keep it alive, not listening) */
    process.exit(1)
  })
