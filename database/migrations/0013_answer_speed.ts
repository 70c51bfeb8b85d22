import { BaseSchema } from '@adonisjs/lucid/schema'
import { sqlFile } from '#database/sql_file'

/*
 * Issue 13, speed:
 * - `users.streak_as_of`: the study day the stored streak was worked out for.
 *   The streak changes only when the active days change (an answer or undo
 *   crossing the active-day line recomputes it then) or when the day turns,
 *   so the doors that show it (users/me, sign-in, streaks) recompute it only
 *   when this is not the learner's today.
 * - `mnemo_record_answer(...)`: the locked part of a study answer in one
 *   round trip (app/actions/learning/record_answer.ts): the learner's lock,
 *   then the card's progress row (a card never answered has none: its row is
 *   inserted as answered, not created then updated); if the row is still the
 *   version the answer was worked out on (and the card neither frozen nor suspended, and the
 *   free or guest limit leaves room) it writes the progress, the review row,
 *   the study day and the lifetime count, and answers 'ok' with the day's and
 *   the lifetime counts; else it writes nothing and answers why, and the app
 *   takes the answer through its transaction path, which says what happened.
 *   The limits mirror app/queries/learning/daily_limit.ts.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.date('streak_as_of').nullable()
    })
    this.schema.raw(RECORD_ANSWER)
  }

  async down() {
    this.schema.raw('drop function if exists mnemo_record_answer')
    this.schema.alterTable('users', (table) => {
      table.dropColumn('streak_as_of')
    })
  }
}

/* the function's text, unchanged, lives in its own file (database/sql/mnemo_record_answer_v1.sql); 0035 replaces it */
const RECORD_ANSWER = sqlFile('mnemo_record_answer_v1.sql')
