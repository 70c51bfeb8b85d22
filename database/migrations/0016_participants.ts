import { BaseSchema } from '@adonisjs/lucid/schema'

/* the root decks whose content a set of rows touched, when someone shares them (unshared decks are never written) */
const touchRoots = (roots: string) => `
  insert into shared_deck_changes (deck_id, user_id, changed_at)
  select d.id, d.user_id, clock_timestamp() from decks d
   where d.id in (${roots}) and exists (select 1 from deck_collaborators c where c.deck_id = d.id)
  on conflict (deck_id) do update set changed_at = excluded.changed_at`

/*
 * What a participant of a shared deck lives with:
 * - `shared_deck_changes`: when an editor or the owner last changed a shared
 *   root deck's notes or subdecks, kept by statement triggers (one upsert per
 *   statement, only for shared roots; a table of its own, so the triggers
 *   never lock a deck row the writers lock with FOR UPDATE); an access token's
 *   `refetch_seen_at` says what that client has been told, so /api answers
 *   name the shared decks changed since (the `refetch_deck_ids` header);
 * - `users.in_shared_decks`: set once a user owns or joins a shared deck, so
 *   that header costs nothing (not a query) for everyone else;
 * - `shared_deck_tombstones`: a shared tree its owner deleted, and who took
 *   part in it, so they are told "deleted by its owner" rather than a bare 404.
 */
export default class extends BaseSchema {
  async up() {
    /* only shared roots ever get a row: the refetch read (refetch_deck_ids.ts) walks a small table */
    this.schema.createTable('shared_deck_changes', (table) => {
      table.integer('deck_id').primary().references('id').inTable('decks').onDelete('CASCADE')
      /* the deck's owner: their side of the read is one index range */
      table.integer('user_id').notNullable()
      table.timestamp('changed_at', { useTz: true }).notNullable()
      table.index(['user_id', 'changed_at'])
    })
    this.schema.alterTable('users', (table) => {
      table.boolean('in_shared_decks').notNullable().defaultTo(false)
    })
    this.schema.alterTable('auth_access_tokens', (table) => {
      table.timestamp('refetch_seen_at', { useTz: true }).nullable()
    })
    this.schema.createTable('shared_deck_tombstones', (table) => {
      table.increments('id')
      /* the deck deleted (a root, or a subdeck of a shared tree), and every deck id that went with it */
      table.integer('deck_id').notNullable()
      /* a deleted main deck's name, for its former participants' lists ("deleted by its owner"); null for a subdeck */
      table.string('name', 255).nullable()
      table.specificType('deck_ids', 'int[]').notNullable()
      table.specificType('user_ids', 'int[]').notNullable()
      table.timestamp('deleted_at', { useTz: true }).notNullable()
    })
    this.schema.raw(
      'CREATE INDEX shared_deck_tombstones_deck_ids ON shared_deck_tombstones USING gin (deck_ids)'
    )
    this.schema.raw(
      'CREATE INDEX shared_deck_tombstones_user_ids ON shared_deck_tombstones USING gin (user_ids)'
    )

    const fn = (name: string, roots: string) =>
      this.schema.raw(`
        CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
          ${touchRoots(roots)};
          RETURN NULL;
        END $$`)
    fn(
      'mnemo_touch_notes_new',
      'select d.root_deck_id from new_rows r join decks d on d.id = r.deck_id'
    )
    fn(
      'mnemo_touch_notes_old',
      'select d.root_deck_id from old_rows r join decks d on d.id = r.deck_id'
    )
    fn(
      'mnemo_touch_notes_moved',
      'select d.root_deck_id from new_rows r join decks d on d.id = r.deck_id union select d.root_deck_id from ' +
        'old_rows r join decks d on d.id = r.deck_id'
    )
    /*
     * a subdeck made, renamed, moved or removed: its root changed (a cascade from a deleted root runs deeper
     * and is skipped)
     */
    fn('mnemo_touch_decks_new', 'select root_deck_id from new_rows where parent_id is not null')
    fn('mnemo_touch_decks_old', 'select root_deck_id from old_rows where parent_id is not null')
    fn(
      'mnemo_touch_decks_changed',
      `select n.root_deck_id from new_rows n join old_rows o on o.id = n.id
       where n.parent_id is not null and (n.name is distinct from o.name or n.parent_id is distinct from
         o.parent_id or n.root_deck_id is distinct from o.root_deck_id)
       union select o.root_deck_id from new_rows n join old_rows o on o.id = n.id where o.parent_id is not null
         and o.root_deck_id is distinct from n.root_deck_id`
    )
    const trigger = (name: string, op: string, table: string, rows: string, fnName: string) =>
      this.schema.raw(
        `CREATE TRIGGER ${name} AFTER ${op} ON ${table} REFERENCING ${rows} FOR EACH STATEMENT EXECUTE FUNCTION ` +
          `${fnName}()`
      )
    trigger(
      'notes_touch_insert',
      'INSERT',
      'notes',
      'NEW TABLE AS new_rows',
      'mnemo_touch_notes_new'
    )
    trigger(
      'notes_touch_update',
      'UPDATE',
      'notes',
      'NEW TABLE AS new_rows OLD TABLE AS old_rows',
      'mnemo_touch_notes_moved'
    )
    trigger(
      'notes_touch_delete',
      'DELETE',
      'notes',
      'OLD TABLE AS old_rows',
      'mnemo_touch_notes_old'
    )
    trigger(
      'decks_touch_insert',
      'INSERT',
      'decks',
      'NEW TABLE AS new_rows',
      'mnemo_touch_decks_new'
    )
    trigger(
      'decks_touch_update',
      'UPDATE',
      'decks',
      'NEW TABLE AS new_rows OLD TABLE AS old_rows',
      'mnemo_touch_decks_changed'
    )
    trigger(
      'decks_touch_delete',
      'DELETE',
      'decks',
      'OLD TABLE AS old_rows',
      'mnemo_touch_decks_old'
    )
    /* the owner and the participant of a collaboration both start reading the header */
    this.schema.raw(`
      CREATE FUNCTION mnemo_mark_in_shared_decks() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE users SET in_shared_decks = true
         WHERE NOT in_shared_decks AND id IN (SELECT user_id FROM new_rows UNION SELECT d.user_id FROM new_rows
           r JOIN decks d ON d.id = r.deck_id);
        RETURN NULL;
      END $$`)
    this.schema.raw(
      `CREATE TRIGGER deck_collaborators_mark AFTER INSERT ON deck_collaborators REFERENCING NEW TABLE AS ` +
        `new_rows FOR EACH STATEMENT EXECUTE FUNCTION mnemo_mark_in_shared_decks()`
    )
  }

  async down() {
    for (const [name, table] of [
      ['notes_touch_insert', 'notes'],
      ['notes_touch_update', 'notes'],
      ['notes_touch_delete', 'notes'],
      ['decks_touch_insert', 'decks'],
      ['decks_touch_delete', 'decks'],
      ['decks_touch_update', 'decks'],
      ['deck_collaborators_mark', 'deck_collaborators'],
    ]) {
      this.schema.raw(`DROP TRIGGER IF EXISTS ${name} ON ${table}`)
    }
    for (const fn of [
      'mnemo_touch_notes_new',
      'mnemo_touch_notes_old',
      'mnemo_touch_notes_moved',
      'mnemo_touch_decks_new',
      'mnemo_touch_decks_old',
      'mnemo_touch_decks_changed',
      'mnemo_mark_in_shared_decks',
    ])
      this.schema.raw(`DROP FUNCTION IF EXISTS ${fn}()`)
    this.schema.dropTable('shared_deck_tombstones')
    this.schema.alterTable('auth_access_tokens', (table) => table.dropColumn('refetch_seen_at'))
    this.schema.alterTable('users', (table) => table.dropColumn('in_shared_decks'))
    this.schema.dropTable('shared_deck_changes')
  }
}
