import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** tests/fixtures: real files made by other projects; tests/fixtures/README.md gives each one's origin and licence. */
export const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url))

export const fixture = (...parts: string[]) => join(FIXTURES, ...parts)
