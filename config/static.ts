import { sep } from 'node:path'
import { defineConfig } from '@adonisjs/static'

/* Vite's build names every file under assets/ by its content's hash: a new content is a new name */
const HASHED = `${sep}public${sep}assets${sep}`

const staticServerConfig = defineConfig({
  enabled: true,
  etag: true,
  lastModified: true,
  dotFiles: 'ignore',
  /* issue 33: hashed files are kept a year; the rest (no hash in the name) is checked each time */
  headers: (path) =>
    path.includes(HASHED) ? { 'Cache-Control': 'public, max-age=31536000, immutable' } : {},
})

export default staticServerConfig
