import { BaseSchema } from '@adonisjs/lucid/schema'
import { sqlFile } from '#database/sql_file'

/*
 * Issue 30, "the study answer is written twice": the rules of a study
 * answer (the version it was shown with, a retried request, a frozen or
 * suspended card, the free and guest limits) and its writes (progress,
 * review, study day, lifetime count, the streak's mark) now live in one
 * place, database/sql/mnemo_record_answer_v2.sql: mnemo_record_answer,
 * which decides and answers why, mnemo_write_answer, the writes an
 * offline answer shares, and mnemo_limit_used, the count of the limits
 * that the learning page shows too. Version 1 (0013_answer_speed.ts, whichever body a
 * database holds) is dropped: its arguments differ, so creating version 2
 * would otherwise leave both.
 */
const V1 =
  'mnemo_record_answer(integer, integer, integer, jsonb, jsonb, date, text, integer, integer)'
const V2 = [
  'mnemo_record_answer(integer, integer, integer, integer, boolean, jsonb, jsonb, text, integer, integer)',
  'mnemo_write_answer(integer, integer, boolean, integer, jsonb, jsonb, integer)',
  'mnemo_limit_used(integer, text, date)',
]

export default class extends BaseSchema {
  async up() {
    this.schema.raw(`drop function if exists ${V1}`)
    this.schema.raw(sqlFile('mnemo_record_answer_v2.sql'))
  }

  async down() {
    for (const name of V2) this.schema.raw(`drop function if exists ${name}`)
    this.schema.raw(sqlFile('mnemo_record_answer_v1.sql'))
  }
}
