/*
| Ace entrypoint. Commands do not boot the application unless they ask to.
*/

/*
 * How the job worker's heap grows. Its jobs stream (an import reads and
 * writes 100,000 notes a batch at a time): little is live at once, about
 * 50 MB with the app, but a great deal is allocated on the way and dies
 * young. Left to V8's defaults, the young generation grows to 2 × 64 MB
 * (this build of Node has no pointer compression), letting that garbage and
 * the buffers of the streams pile up between collections, and the old
 * generation reaches four times what is live before a full collection:
 * 250 to 350 MB more resident memory than the job needs. A young generation
 * kept at its starting size, and full collections once the heap is half
 * again what is live, hold an import's growth to a few tens of MB whatever
 * its size, for no measured loss of speed (bench/import_package.ts). V8
 * reads both flags whenever it sizes the heap: set before the app boots,
 * they hold from the start.
 */
if (process.argv[2] === 'queue:work') {
  const { setFlagsFromString } = await import('node:v8')
  setFlagsFromString('--semi-space-growth-factor=1')
  setFlagsFromString('--heap-growing-percent=50')
}
await import('reflect-metadata')
const { prettyPrintError } = await import('@adonisjs/core')
const { createIgnitor } = await import('./ignitor.js')

createIgnitor()
  .ace()
  /* two release steps migrating at once take turns (app/services/migration_turns.ts) */
  .configure(async (app) => {
    const { takeMigrationTurns } = await import('#services/migration_turns')
    takeMigrationTurns(app, await app.container.make('ace'))
  })
  .handle(process.argv.splice(2))
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
