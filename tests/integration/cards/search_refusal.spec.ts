import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import ApiException from '#exceptions/api_exception'
import { cardSearch } from '#queries/cards/card_search'
import { MALFORMED } from '#tests/support/search_cases'

test.group('Card search: a refused search', () => {
  test('a malformed query is a 422 naming where and what, before any SQL is sent', async ({
    assert,
  }) => {
    const sent: string[] = []
    const listener = (query: { sql: string }) => sent.push(query.sql)
    db.connection().getWriteClient().on('query', listener)
    try {
      for (const [query, position, expected] of MALFORMED) {
        try {
          cardSearch({ id: 1, timezoneOffset: 0 }, query)
          assert.fail(`${query} parsed`)
        } catch (error) {
          assert.instanceOf(error, ApiException)
          const refusal = error as ApiException
          assert.equal(refusal.status, 422)
          assert.equal(refusal.code, 'E_INVALID_SEARCH')
          assert.deepEqual(refusal.options.extra, { position, expected })
          assert.deepEqual(refusal.options.values, { position: position + 1, expected })
        }
      }
      assert.deepEqual(sent, [])
      /* the listener does hear what reaches PostgreSQL */
      await db.rawQuery('select 1')
      assert.deepEqual(sent, ['select 1'])
    } finally {
      db.connection().getWriteClient().off('query', listener)
    }
  })
})
