import { BaseSchema } from '@adonisjs/lucid/schema'
import { FLAG_DEFAULTS } from '#services/remote_flag_defaults'

/*
 * Remote flags (spec 000 "Remote-flag defaults"): one row per flag, its value
 * as JSON. Seeded with the defaults (app/services/remote_flag_defaults.ts);
 * updated_at tells the processes' caches a flag changed (app/services/remote_flags.ts).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('remote_flags', (table) => {
      table.string('name', 64).primary()
      table.jsonb('value').notNullable()
      table.integer('updated_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
    this.defer(async (db) => {
      await db.table('remote_flags').multiInsert(Object.entries(FLAG_DEFAULTS).map(([name, value]) => ({ name, value: JSON.stringify(value) })))
    })
  }

  async down() {
    this.schema.dropTable('remote_flags')
  }
}
