import { test } from '@japa/runner'
import { JOB_HANDLERS, isJobName } from '#jobs/registry'
import { SCHEDULES, dispatch, type JobName } from '#services/queue'
import { startDeckJob } from '#actions/decks/deck_jobs'

/*
 * Calls that must not compile, checked by `npm run typecheck` (each
 * @ts-expect-error fails the check once its line compiles). Never called.
 */
export function doesNotCompile() {
  // @ts-expect-error a misspelled job name
  void dispatch('import_decks', { importId: 1, attempt: 1 })
  // @ts-expect-error a payload missing a field
  void dispatch('import_deck', { importId: 1 })
  // @ts-expect-error a payload of the wrong type
  void dispatch('export_deck', { exportId: '1' })
  // @ts-expect-error another job's payload
  void dispatch('fit_fsrs', { exportId: 1 })
  // @ts-expect-error a job that works on no deck is no deck job
  void startDeckJob(null as never, 'duplicating', 0, 'export_deck', { exportId: 1 }, null as never)
  // @ts-expect-error a deck job's payload without its fields
  void startDeckJob(null as never, 'notes_moving', 0, 'move_notes', { noteIds: [1] }, null as never)
}

test.group('Job names', () => {
  test('every job the queue knows has a handler that loads, and nothing else does', async ({
    assert,
  }) => {
    const names = Object.keys(JOB_HANDLERS) as JobName[]
    assert.includeMembers(names, ['import_deck', 'export_deck', 'send_mail', 'sweep_storage'])
    for (const name of names) {
      const { default: handler } = await JOB_HANDLERS[name]()
      assert.isFunction(handler, name)
    }
    assert.isTrue(isJobName('import_deck'))
    assert.isFalse(isJobName('import_decks'))
    assert.isFalse(isJobName('toString'))
  }).timeout(30_000)

  test('every schedule names a job', ({ assert }) => {
    for (const { name } of SCHEDULES) assert.isTrue(isJobName(name), name)
  })
})
