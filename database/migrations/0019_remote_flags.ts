import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * the spec's defaults as of this migration (a later change of app/services/remote_flag_defaults.ts does not
 * rewrite history)
 */
export const SEED: Record<string, unknown> = {
  cards_to_paywall: 100,
  guest_cards_created: 200,
  guest_cards_studied: 500,
  min_publish_cards: 20,
  min_app_version: '1.5.2',
  latest_version: '2.14.0',
  ai_speech: true,
  onboarding_rate_us: true,
  onboarding_v3: true,
  banners: [],
  lifetime_banner: false,
  maintenance: false,
  maintenance_started_at: null,
  server_message: null,
  scheduling_link: '',
  link_maps: {},
}

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
      await db
        .table('remote_flags')
        .multiInsert(
          Object.entries(SEED).map(([name, value]) => ({ name, value: JSON.stringify(value) }))
        )
    })
  }

  async down() {
    this.schema.dropTable('remote_flags')
  }
}
