import { readFileSync } from 'node:fs'

/**
 * The text of a file of database/sql/ (a PL/pgSQL function, one file per
 * version), for the migration that creates it. The build copies the folder
 * beside the compiled migrations (adonisrc.ts, metaFiles), so this reads the
 * same file from the sources and from build/.
 */
export function sqlFile(name: string) {
  return readFileSync(new URL(`./sql/${name}`, import.meta.url), 'utf8')
}
