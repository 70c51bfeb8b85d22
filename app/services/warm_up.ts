import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import app from '@adonisjs/core/services/app'

/**
 * Every controller, with all it imports, loaded before a production server
 * listens. The routes import their controllers lazily (start/routes), which
 * keeps development and test boots quick; in production it made the first
 * request to each controller compile its modules on the event loop: the
 * first PDF upload after a start held every other learner's requests for
 * 1.3 s (bench/abuse.ts). Answers how many modules it loaded.
 */
export async function loadControllers() {
  const root = app.makePath('app', 'controllers')
  const entries = await readdir(root, { recursive: true })
  const files = entries.filter((file) => /\.(js|ts)$/.test(file) && !file.endsWith('.d.ts'))
  for (const file of files) await import(pathToFileURL(join(root, file)).href)
  return files.length
}
