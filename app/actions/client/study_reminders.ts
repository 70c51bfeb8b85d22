import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import logger from '@adonisjs/core/services/logger'
import { appUrl } from '#config/app'
import StudyReminderMail from '#mails/study_reminder_mail'
import { unsubscribeUrl } from '#services/urls/unsubscribe_link'
import { dueReminderDay } from '#scheduling/reminder_time'
import { studyDayBounds } from '#scheduling/study_day'
import { ACTIVE_DAY_CARDS } from '#scheduling/streak'

type Candidate = {
  id: number
  email: string
  name: string | null
  username: string | null
  locale: string | null
  timezone_offset: number
  study_reminder_time: string
}

/* learners read a page at a time: the scan holds one page whatever the number of learners */
const PAGE = 500

/**
 * The cards of `userId` due before `dayEnd` (learning and review cards with
 * progress; new cards are never "due"), leaving out suspended and frozen
 * cards, counted up to a small cap (the mail says "N cards", or "20+").
 */
async function dueCards(userId: number, dayEnd: Date) {
  const row = await db
    .from((query) =>
      query
        .from('card_progress as p')
        .where('p.user_id', userId)
        .whereNot('p.state', 'new')
        .where('p.frozen', false)
        .where('p.due_at', '<', dayEnd)
        .whereRaw(
          'p.card_id not in (select s.card_id from card_suspensions s where s.user_id = ?)',
          [userId]
        )
        .select('p.card_id')
        .limit(21)
        .as('due')
    )
    .count('* as count')
    .first()
  return Number(row?.count ?? 0)
}

/**
 * The reminder scan (job send_study_reminders, every 5 minutes; see SCHEDULES
 * in app/services/queue.ts). For each learner with the reminder on and an
 * address, whose chosen time has come in their time zone (within the hour,
 * app/scheduling/reminder_time.ts), when the study day is not done yet (fewer
 * than the active day's 5 cards) and cards are due: a row (user, study day)
 * is inserted first, and only the worker whose insert made it sends. Any
 * number of scans in any number of workers send a reminder at most once per
 * learner and study day. `now` is the clock (tests pass a fake one).
 */
export async function sendStudyReminders(input: { now?: Date } = {}) {
  const now = input.now ?? new Date()
  let sent = 0
  let afterId = 0
  for (;;) {
    const page: Candidate[] = await db
      .from('users')
      .where('study_reminder_enabled', true)
      .whereNotNull('study_reminder_time')
      .whereNotNull('email')
      .whereNot('provider', 'guest')
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(PAGE)
      .select('id', 'email', 'name', 'username', 'locale', 'timezone_offset', 'study_reminder_time')
    if (!page.length) break
    afterId = page[page.length - 1].id
    for (const learner of page) {
      try {
        if (await remind(learner, now)) sent += 1
      } catch (error) {
        /* one learner's failure (a bad address, the mail server) does not stop the others' reminders */
        logger.error({ err: error, userId: learner.id }, 'study reminder failed')
      }
    }
  }
  return { sent }
}

async function remind(learner: Candidate, now: Date) {
  const offset = learner.timezone_offset ?? 0
  const day = dueReminderDay(now, learner.study_reminder_time, offset)
  if (!day) return false
  if (await db.from('study_reminders').where({ user_id: learner.id, study_day: day }).first())
    return false
  const studied = await db
    .from('study_days')
    .where({ user_id: learner.id, day })
    .select('cards_studied')
    .first()
  if (Number(studied?.cards_studied ?? 0) >= ACTIVE_DAY_CARDS) return false
  const due = await dueCards(learner.id, studyDayBounds(day, offset).end)
  if (due === 0) return false
  /* the claim: the one insert that lands sends; a racing scan in another worker finds the row and stops */
  const claimed = await db.rawQuery(
    'insert into study_reminders (user_id, study_day, sent_at) values (?, ?, ?) on conflict do nothing ' +
      'returning user_id',
    [learner.id, day, now]
  )
  if (!claimed.rows.length) return false
  const locale = learner.locale ?? 'en'
  await mail.send(
    new StudyReminderMail(
      learner.email,
      { name: learner.name ?? learner.username ?? '', due: due > 20 ? '20+' : String(due) },
      locale,
      `${appUrl}/`,
      unsubscribeUrl(learner.id)
    )
  )
  return true
}

/** The one-click unsubscribe: the reminder goes off (the chosen time is kept, for turning it back on). */
export async function unsubscribeReminders(input: { userId: number }) {
  const updated = await db
    .from('users')
    .where('id', input.userId)
    .update({ study_reminder_enabled: false, updated_at: new Date() })
  return Number(updated) > 0
}
