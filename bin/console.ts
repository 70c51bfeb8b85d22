/*
| Ace entrypoint. Commands do not boot the application unless they ask to.
*/
await import('reflect-metadata')
const { prettyPrintError } = await import('@adonisjs/core')
const { createIgnitor } = await import('./ignitor.js')

createIgnitor()
  .ace()
  .handle(process.argv.splice(2))
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
