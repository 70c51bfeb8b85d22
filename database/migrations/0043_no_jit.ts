import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * PostgreSQL compiles a statement whose estimated cost passes jit_above_cost
 * (100,000) to machine code first. The card browser's `flag:1 or is:buried`
 * over 10,000 cards is estimated at 206,000 and runs in 20 ms, but spent
 * 40 ms more compiling (bench/card_search.ts, issue 32): the app's
 * statements are short, and none gains from JIT. Off for every connection to
 * the app's database, pooled or not, from the next connection on. A role
 * that may not alter its database (a managed server's) is told so in the
 * migration's output, and the migration goes on: set `jit = off` for the
 * role or the database by hand there (docs/deployment.md).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`
      DO $$
      BEGIN
        EXECUTE format('ALTER DATABASE %I SET jit = off', current_database());
      EXCEPTION WHEN insufficient_privilege THEN
        RAISE NOTICE 'jit stays on: this role may not alter the database (docs/deployment.md)';
      END $$`)
  }

  async down() {
    this.schema.raw(`
      DO $$
      BEGIN
        EXECUTE format('ALTER DATABASE %I RESET jit', current_database());
      EXCEPTION WHEN insufficient_privilege THEN
        NULL;
      END $$`)
  }
}
