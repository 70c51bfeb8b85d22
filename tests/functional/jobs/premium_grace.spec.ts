import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { dispatch, SCHEDULES } from '#services/queue'
import { resetState } from '#tests/support/helpers'
import { workerOutput } from '#tests/support/worker_process'
import { signIn } from '#tests/support/content'
import { premiumOf } from '../api/payments/support.js'

const DAY = 86400

/** A premium user whose monthly subscription's renewal failed `daysAgo` days ago (past_due since). */
async function failingSince(daysAgo: number) {
  const { user } = await signIn()
  const failedAt = Math.floor(Date.now() / 1000) - daysAgo * DAY
  await db.from('users').where('id', user.id).update({ is_premium: true })
  await db.table('subscriptions').insert({
    user_id: user.id,
    stripe_id: `sub_grace_${user.id}`,
    pricing_tier: 'monthly',
    status: 'past_due',
    price: 999,
    currency: 'eur',
    last_event_at: failedAt,
    payment_failed_at: failedAt,
    paid_at: failedAt - 30 * DAY,
  })
  return user
}

/** Waits (bounded, not timed) until the worker has taken premium away. */
async function premiumEnds(userId: number) {
  const deadline = Date.now() + 30_000
  while ((await premiumOf(userId)) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100))
  return premiumOf(userId)
}

test.group('Jobs: the grace period of a failing subscription ends in the worker', (group) => {
  group.each.setup(() => resetState())

  test('past the 3 days the user is free; within them premium stays', async ({ assert }) => {
    assert.include(
      SCHEDULES.map((schedule) => schedule.name),
      'expire_premium_grace',
      'the worker runs it on its own, hourly'
    )
    const expired = await failingSince(4)
    const inGrace = await failingSince(1)
    await dispatch('expire_premium_grace', {})
    assert.isFalse(await premiumEnds(expired.id), `the worker said:\n${workerOutput()}`)
    assert.isTrue(await premiumOf(inGrace.id))
  }).timeout(90_000)
})
