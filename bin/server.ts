/*
| HTTP server entrypoint (production: `node build/bin/server.js`).
*/
await import('reflect-metadata')
const { prettyPrintError } = await import('@adonisjs/core')
const { createIgnitor } = await import('./ignitor.js')

createIgnitor()
  .httpServer()
  .start()
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
