import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Issue 17, the learner-facing extras:
 * - app_ratings: the feedback a learner gives (POST app_ratings.json), kept;
 * - user_events: which one-off events (the "event shown" check of POST events /
 *   GET events/check) a learner has been shown, with the hour-of-day bucket
 *   (night, morning, afternoon, evening in their time zone) it was first shown in;
 * - the study reminder: when the learner wants to study ("HH:MM", their time
 *   zone) and whether the e-mail reminder is on, on the user's row (one place:
 *   settings, PUT users and onboarding write the same columns);
 * - study_reminders: one row per learner and study day, inserted before the
 *   reminder is sent, so two workers never send the same one twice.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('app_ratings', (table) => {
      table.bigIncrements('id')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      /* not_at_all, its_okay, a_lot or love_it (the spec's star mapping) */
      table.string('feedback_type', 16).notNullable()
      table.text('text').notNullable().defaultTo('')
      table.string('prefix', 100).notNullable().defaultTo('')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.index(['user_id', 'created_at'])
    })

    this.schema.createTable('user_events', (table) => {
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('event_hash', 128).notNullable()
      /* night (0-6), morning (6-12), afternoon (12-18) or evening, in the learner's time zone */
      table.string('hour_bucket', 10).notNullable()
      table.integer('times_shown').notNullable().defaultTo(1)
      table.timestamp('first_shown_at', { useTz: true }).notNullable()
      table.timestamp('last_shown_at', { useTz: true }).notNullable()
      table.primary(['user_id', 'event_hash'])
    })

    this.schema.alterTable('users', (table) => {
      /* "HH:MM" in the learner's time zone; null: not chosen */
      table.string('study_reminder_time', 5).nullable()
      table.boolean('study_reminder_enabled').notNullable().defaultTo(false)
    })

    this.schema.createTable('study_reminders', (table) => {
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.date('study_day').notNullable()
      table.timestamp('sent_at', { useTz: true }).notNullable()
      table.primary(['user_id', 'study_day'])
    })
    /* the scan reads the learners whose reminder is on */
    this.schema.raw(
      'CREATE INDEX users_study_reminder_on ON users (id) WHERE study_reminder_enabled AND study_reminder_time ' +
        'IS NOT NULL'
    )
  }

  async down() {
    this.schema.dropTable('study_reminders')
    this.schema.raw('DROP INDEX IF EXISTS users_study_reminder_on')
    this.schema.alterTable('users', (table) => {
      table.dropColumn('study_reminder_time')
      table.dropColumn('study_reminder_enabled')
    })
    this.schema.dropTable('user_events')
    this.schema.dropTable('app_ratings')
  }
}
