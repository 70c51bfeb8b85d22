import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Issue 31, "retries that never double": a POST of the API sent with an
 * Idempotency-Key header claims (scope, key) here before it runs, and keeps
 * its answer here once it ran (app/services/idempotency.ts). `scope` is the
 * signed-in user (user:<id>) or, for a sign-up without a token, the client
 * (client:<address>); `fingerprint` an HMAC of method, path, query and body
 * (a sign-up's password is in the body: never stored, nor hashed fast);
 * `status` null while the first request is still running; `reply` the
 * answer's body and headers, encrypted with the app key (a sign-up's answer
 * holds its token). Rows older than 24 hours mean nothing and are pruned
 * (job prune_idempotency_keys).
 */
export default class extends BaseSchema {
  protected tableName = 'idempotency_keys'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.bigIncrements('id')
      table.string('scope', 100).notNullable()
      table.string('key', 255).notNullable()
      table.string('method', 10).notNullable()
      table.text('path').notNullable()
      table.string('fingerprint', 64).notNullable()
      table.smallint('status').nullable()
      table.text('reply').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.unique(['scope', 'key'])
      /* the prune job reads by age */
      table.index(['created_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
