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
    })
  )
  .httpServer()
  .start()
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
