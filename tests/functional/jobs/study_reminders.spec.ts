import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { Job } from 'bullmq'
import { dispatch, SCHEDULES } from '#services/queue'
import { readOutbox } from '#services/mail/outbox_transport'
import { outboxDirectory } from '#config/mail'
import { resetState } from '#tests/support/helpers'
import { startExtraWorkerProcess, workerOutput } from '#tests/support/worker_process'
import { WebSession } from '#tests/support/web_session'
import { signIn } from '#tests/support/content'
import { cards, deck, progress, studyDays } from '../api/study/support.js'
import { studyDay } from '#scheduling/study_day'
import { dueReminderDay, nextReminderAt, reminderInstant } from '#scheduling/reminder_time'
import type User from '#models/user'

const HOUR = 3_600_000

/*
 * The fake clock: twelve hours from the real time, so the worker's own scan
 * (every 5 minutes, on the real clock) never finds these reminders due while
 * the test runs. The learners' time zone makes it 19:05 on their clock
 * (far from the 4 am rollover whatever the real time), and their reminders
 * are set for 18:55.
 */
const fakeNow = new Date(Math.floor((Date.now() + 12 * HOUR) / 60_000) * 60_000)
const utcMinutes = fakeNow.getUTCHours() * 60 + fakeNow.getUTCMinutes()
const offset = (() => {
  const diff = (((19 * 60 + 5 - utcMinutes) % 1440) + 1440) % 1440
  return diff > 720 ? diff - 1440 : diff
})()
const reminderTime = '18:55'
const fakeDay = studyDay(fakeNow, offset)

/** A learner whose reminder is set (on, at `time`), with one card due by the fake day's end or not. */
async function learner(options: {
  due: boolean
  enabled?: boolean
  time?: string
  studiedToday?: number
  locale?: string
}) {
  const { user } = await signIn()
  await db
    .from('users')
    .where('id', user.id)
    .update({
      timezone_offset: offset,
      study_reminder_time: options.time ?? reminderTime,
      study_reminder_enabled: options.enabled ?? true,
      locale: options.locale ?? 'en',
    })
  const owned = await deck(user as User, 'Vocabulary')
  const [card, other] = await cards(user as User, owned.id, ['la casa', 'el perro'])
  await progress(user.id, [
    {
      card,
      state: 'review',
      dueAt: new Date(fakeNow.getTime() + (options.due ? -HOUR : 3 * 24 * HOUR)),
    },
    /* a frozen card, due or not, is never counted */
    { card: other, state: 'review', dueAt: new Date(fakeNow.getTime() - HOUR), frozen: true },
  ])
  if (options.studiedToday) await studyDays(user.id, { [fakeDay]: options.studiedToday })
  return user
}

/** Waits (bounded, not timed) until every job has finished. */
async function finished(jobs: Job[]) {
  const deadline = Date.now() + 60_000
  for (const job of jobs) {
    while (Date.now() < deadline) {
      const state = await job.getState()
      if (state === 'completed') break
      if (state === 'failed')
        throw new Error(`the scan failed: ${await job.getState()}\n${workerOutput()}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

test.group('Jobs: study reminders, across two worker processes', (group) => {
  group.each.setup(() => resetState())

  test(
    'exactly one reminder to a learner with due cards; none to one who studied, has nothing due, turned it ' +
      'off or chose a later time',
    async ({ assert }) => {
      assert.include(
        SCHEDULES.map((schedule) => schedule.name),
        'send_study_reminders',
        'the worker scans on its own, every few minutes'
      )
      const due = await learner({ due: true, locale: 'de' })
      const studied = await learner({ due: true, studiedToday: 5 })
      const nothingDue = await learner({ due: false })
      const off = await learner({ due: true, enabled: false })
      const later = await learner({ due: true, time: '21:05' })
      /* four cards studied: the day is not done yet (an active day is 5) */
      const almost = await learner({ due: true, studiedToday: 4 })

      const stopExtra = await startExtraWorkerProcess()
      try {
        /* many scans at once, taken by both workers (each runs two at a time): each learner's claim lands once */
        const jobs = await Promise.all(
          Array.from({ length: 8 }, () =>
            dispatch('send_study_reminders', { now: fakeNow.toISOString() })
          )
        )
        await finished(jobs)
        const results = await Promise.all(
          jobs.map(async (job) => (await job.getState()) === 'completed')
        )
        assert.isTrue(results.every(Boolean), workerOutput())
      } finally {
        await stopExtra()
      }

      const mail = await readOutbox(outboxDirectory)
      const to = (user: { email: string | null }) =>
        mail.filter((message) => message.to.includes(user.email!))
      assert.lengthOf(to(due), 1, 'one reminder, whatever the number of scans and workers')
      assert.lengthOf(to(almost), 1)
      for (const user of [studied, nothingDue, off, later])
        assert.lengthOf(to(user), 0, user.email!)
      assert.lengthOf(mail, 2)

      const [reminder] = to(due)
      assert.include(
        reminder.subject,
        '1 Karten',
        "in the learner's language, with the due count (the frozen card left out)"
      )
      assert.match(
        reminder.headers!['List-Unsubscribe'],
        /^<https?:\/\/[^>]+\/reminders\/unsubscribe\/\d+\?signature=/
      )
      assert.equal(reminder.headers!['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click')
      assert.include(
        reminder.text,
        reminder.headers!['List-Unsubscribe'].slice(1, -1),
        'the same link is in the body'
      )

      const rows = await db
        .from('study_reminders')
        .select('user_id', db.raw(`to_char(study_day, 'YYYY-MM-DD') as day`))
        .orderBy('user_id')
      assert.deepEqual(rows, [
        { user_id: due.id, day: fakeDay },
        { user_id: almost.id, day: fakeDay },
      ])
    }
  ).timeout(180_000)

  test('a later scan the same study day sends nothing more; the next day it may again', async ({
    assert,
  }) => {
    const due = await learner({ due: true })
    await finished([await dispatch('send_study_reminders', { now: fakeNow.toISOString() })])
    await finished([
      await dispatch('send_study_reminders', {
        now: new Date(fakeNow.getTime() + 20 * 60_000).toISOString(),
      }),
    ])
    assert.lengthOf(
      (await readOutbox(outboxDirectory)).filter((message) => message.to.includes(due.email!)),
      1
    )
    /* the next study day, at the same time: cards still due (the card's due date is before), a new reminder */
    await finished([
      await dispatch('send_study_reminders', {
        now: new Date(fakeNow.getTime() + 24 * HOUR).toISOString(),
      }),
    ])
    assert.lengthOf(
      (await readOutbox(outboxDirectory)).filter((message) => message.to.includes(due.email!)),
      2
    )
  }).timeout(120_000)
})

test.group('Study reminders: the one-click unsubscribe link', (group) => {
  group.each.setup(() => resetState())

  async function mailedLink() {
    const due = await learner({ due: true })
    await finished([await dispatch('send_study_reminders', { now: fakeNow.toISOString() })])
    const [reminder] = (await readOutbox(outboxDirectory)).filter((message) =>
      message.to.includes(due.email!)
    )
    return { user: due, link: reminder.headers!['List-Unsubscribe'].slice(1, -1) }
  }
  const enabled = async (id: number) =>
    (await db.from('users').where('id', id).first()).study_reminder_enabled as boolean

  test(
    "GET without signing in only asks (mail scanners open links); the page's button turns the reminder off " +
      'and keeps the chosen time',
    async ({ assert }) => {
      const { user, link } = await mailedLink()
      const url = new URL(link)
      const address = `http://${process.env.HOST}:${process.env.PORT}${url.pathname}${url.search}`
      const response = await fetch(address, { redirect: 'manual' })
      assert.equal(response.status, 200)
      const page = WebSession.page(await response.text())
      assert.equal(page.component, 'client/unsubscribed')
      assert.equal(page.props.state, 'confirm')
      assert.isTrue(await enabled(user.id))
      /* the button posts the form to the same signed address */
      assert.equal(page.props.action, `${url.pathname}${url.search}`)
      const posted = await fetch(address, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept': 'text/html' },
        body: '',
      })
      assert.equal(posted.status, 200)
      assert.equal(WebSession.page(await posted.text()).props.state, 'done')
      assert.isFalse(await enabled(user.id))
      assert.equal(
        (await db.from('users').where('id', user.id).first()).study_reminder_time,
        reminderTime
      )
    }
  ).timeout(120_000)

  test("the mail client's one-click POST (no CSRF token, no session) turns it off: 204", async ({
    assert,
  }) => {
    const { user, link } = await mailedLink()
    const url = new URL(link)
    const response = await fetch(
      `http://${process.env.HOST}:${process.env.PORT}${url.pathname}${url.search}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      }
    )
    assert.equal(response.status, 204)
    assert.isFalse(await enabled(user.id))
  }).timeout(120_000)

  test('a link altered to another learner, or without its signature, is refused and changes nothing', async ({
    assert,
  }) => {
    const { user, link } = await mailedLink()
    const victim = await learner({ due: false })
    const url = new URL(link)
    const base = `http://${process.env.HOST}:${process.env.PORT}`
    const altered = await fetch(
      `${base}${url.pathname.replace(/\d+$/, String(victim.id))}${url.search}`
    )
    assert.equal(altered.status, 403)
    assert.equal(WebSession.page(await altered.text()).props.state, 'invalid')
    const unsigned = await fetch(`${base}${url.pathname}`, { method: 'POST' })
    assert.equal(unsigned.status, 403)
    assert.isTrue(await enabled(victim.id))
    assert.isTrue(await enabled(user.id))
  }).timeout(120_000)
})

test.group('Study reminders: when a reminder is due (pure)', () => {
  test("the chosen time on the learner's clock, for an hour, in the study day it falls in", ({
    assert,
  }) => {
    /* UTC+2: 19:30 local is 17:30 UTC */
    assert.equal(
      reminderInstant('2026-05-10', '19:30', 120).toISOString(),
      '2026-05-10T17:30:00.000Z'
    )
    assert.equal(dueReminderDay(new Date('2026-05-10T17:29:00Z'), '19:30', 120), null)
    assert.equal(dueReminderDay(new Date('2026-05-10T17:30:00Z'), '19:30', 120), '2026-05-10')
    assert.equal(dueReminderDay(new Date('2026-05-10T18:29:00Z'), '19:30', 120), '2026-05-10')
    assert.equal(dueReminderDay(new Date('2026-05-10T18:30:00Z'), '19:30', 120), null)
    /* 01:30 is still the night of the study day before (days start at 4 am) */
    assert.equal(
      reminderInstant('2026-05-10', '01:30', 0).toISOString(),
      '2026-05-11T01:30:00.000Z'
    )
    assert.equal(dueReminderDay(new Date('2026-05-11T01:45:00Z'), '01:30', 0), '2026-05-10')
    assert.equal(
      nextReminderAt(new Date('2026-05-10T18:00:00Z'), '19:30', 120)!.toISOString(),
      '2026-05-11T17:30:00.000Z'
    )
    assert.equal(dueReminderDay(new Date(), 'nonsense', 0), null)
  })
})
