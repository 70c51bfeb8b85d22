import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * The admin area: a premium override kept apart from the subscription's
 * is_premium (effective premium = override ?? is_premium, User.hasPremium),
 * the admin's debug menu level, and the audit log of every admin action.
 * Admin tokens and masquerade tokens live in auth_access_tokens (by type
 * and name), so no table of their own.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.boolean('premium_override').nullable()
      table.string('debug_menu', 10).notNullable().defaultTo('none')
    })
    this.schema.createTable('admin_audit_logs', (table) => {
      table.bigIncrements('id')
      table.integer('admin_id').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.string('action', 60).notNullable()
      table
        .integer('target_user_id')
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.jsonb('details').notNullable().defaultTo('{}')
      table.string('ip', 64).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['created_at', 'id'])
    })
  }

  async down() {
    this.schema.dropTable('admin_audit_logs')
    this.schema.alterTable('users', (table) => {
      table.dropColumn('debug_menu')
      table.dropColumn('premium_override')
    })
  }
}
