import { test } from '@japa/runner'
import { readdir } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import { BaseSeeder } from '@adonisjs/lucid/seeders'
import { BaseSchema } from '@adonisjs/lucid/schema'
import { BaseCommand } from '@adonisjs/core/ace'

/*
 * Lucid runs every file in database/seeders and database/migrations, and ace
 * loads every file in commands/: a helper module placed there breaks
 * `node ace db:seed` (and with it `npm start`) while every other test passes.
 */
const SCANNED = [
  { folder: 'database/seeders', base: BaseSeeder, kind: 'seeder' },
  { folder: 'database/migrations', base: BaseSchema, kind: 'schema' },
  { folder: 'commands', base: BaseCommand, kind: 'command' },
] as const

test.group('Folders a framework scans', () => {
  for (const { folder, base, kind } of SCANNED) {
    test(`every file in ${folder} default-exports a ${kind}`, async ({ assert }) => {
      const root = new URL(`../../${folder}/`, import.meta.url)
      const files = (await readdir(root)).filter((file) => /\.(ts|js)$/.test(file))
      assert.isNotEmpty(files)
      for (const file of files) {
        const module = await import(pathToFileURL(new URL(file, root).pathname).href)
        assert.isFunction(module.default, `${folder}/${file} has no default export`)
        assert.isTrue(
          module.default.prototype instanceof base,
          `${folder}/${file} does not export a ${kind}`
        )
      }
    })
  }
})
