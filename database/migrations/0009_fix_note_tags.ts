import { BaseSchema } from '@adonisjs/lucid/schema'

/* Notes saved before tags were JSON-encoded hold `{}` (an empty array sent as a PostgreSQL array literal). */
export default class extends BaseSchema {
  async up() {
    this.defer(async (db) => {
      await db.rawQuery(`update notes set tags = '[]'::jsonb where jsonb_typeof(tags) <> 'array'`)
    })
  }

  async down() {}
}
