/*
| JavaScript entrypoint for ace commands: registers the TypeScript loader,
| then hands over to bin/console.ts.
*/
import '@poppinss/ts-exec'

await import('./bin/console.js')
