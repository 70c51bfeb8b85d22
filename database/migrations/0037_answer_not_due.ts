import { BaseSchema } from '@adonisjs/lucid/schema'
import { sqlFile } from '#database/sql_file'

/*
 * Issue 31, "a card that is not due can be answered again and again":
 * mnemo_record_answer version 3 (database/sql/mnemo_record_answer_v3.sql)
 * refuses an answer to a card that is not due ('not_due'), as a session's
 * queue sees it; it takes the two bounds of "due" as two more arguments, so
 * version 2's mnemo_record_answer is dropped (creating version 3 would
 * otherwise leave both). mnemo_write_answer and mnemo_limit_used stay as
 * version 2 created them.
 */
const V2 =
  'mnemo_record_answer(integer, integer, integer, integer, boolean, jsonb, jsonb, text, integer, integer)'
const V3 =
  'mnemo_record_answer(integer, integer, integer, integer, boolean, jsonb, jsonb, text, integer, integer, ' +
  'timestamptz, timestamptz)'

export default class extends BaseSchema {
  async up() {
    this.schema.raw(`drop function if exists ${V2}`)
    this.schema.raw(sqlFile('mnemo_record_answer_v3.sql'))
  }

  async down() {
    this.schema.raw(`drop function if exists ${V3}`)
    this.schema.raw(sqlFile('mnemo_record_answer_v2.sql'))
  }
}
