import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Issue 27, nothing accepted is lost when the queue is away: every job a
 * learner's request starts is written here in the request's transaction,
 * handed to the queue after the commit under the BullMQ job id of the row
 * (`job_id`, so a second hand-off of the same row is a no-op), and deleted when the job
 * ends. The worker's sweep re-hands the rows the queue does not have
 * (app/services/durable_jobs.ts).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('job_outbox', (table) => {
      table.bigIncrements('id')
      /* the job's BullMQ id: job-<uuid>[-user-<id>], unique across runs and databases sharing a Redis */
      table.string('job_id', 80).notNullable().unique()
      table.string('name', 64).notNullable()
      table.jsonb('payload').notNullable()
      /* whose job it is (the worker's per-learner turn); null for none */
      table.integer('user_id').nullable().references('id').inTable('users').onDelete('CASCADE')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
  }

  async down() {
    this.schema.dropTable('job_outbox')
  }
}
