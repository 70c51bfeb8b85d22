import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * One successor per bearer token (app/services/succeeding_access_tokens.ts):
 * `parent_id` links a successor to the token it replaces (unique: one each;
 * a parent's deletion leaves a successor already in use alone), `handoff`
 * holds the successor's secret, sealed with the parent's, until first used.
 */
export default class extends BaseSchema {
  protected tableName = 'auth_access_tokens'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table
        .integer('parent_id')
        .nullable()
        .unique()
        .references('id')
        .inTable(this.tableName)
        .onDelete('SET NULL')
      table.text('handoff').nullable()
      /* the prune job looks tokens up by expiry */
      table.index(['expires_at'])
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropIndex(['expires_at'])
      table.dropColumn('handoff')
      table.dropColumn('parent_id')
    })
  }
}
