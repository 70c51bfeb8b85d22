/*
 * `npm run openapi`: writes the reply schemas of the OpenAPI document
 * (bin/openapi/reply_schemas.ts) from the types bin/openapi/reply_types.ts names.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { OUTPUT, replySchemasText } from './openapi/reply_schemas.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
mkdirSync(dirname(join(root, OUTPUT)), { recursive: true })
writeFileSync(join(root, OUTPUT), replySchemasText(root))
console.log(`wrote ${OUTPUT}`)
