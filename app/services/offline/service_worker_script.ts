import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'

/*
 * The service worker's script (resources/service_worker.js) with its version
 * written in: a new production build (another Vite manifest, so other hashed
 * files) is a new worker and a new cache; in development the script's own
 * text names it. Read once per process.
 */
let script: Promise<string> | null = null

async function versioned() {
  const source = await readFile(app.makePath('resources/service_worker.js'), 'utf8')
  const build = app.inProduction
    ? await readFile(app.makePath('public/assets/.vite/manifest.json'), 'utf8').catch(() => '')
    : ''
  const version = createHash('sha256').update(source).update(build).digest('hex').slice(0, 16)
  return source.replace('__MNEMO_SW_VERSION__', version)
}

export function serviceWorkerScript() {
  script ??= versioned().catch((error) => {
    script = null
    throw error
  })
  return script
}
