import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { daysBetween, studyDay, studyDayBounds } from '#scheduling/study_day'
import { ACTIVE_DAY_CARDS, computeStreak } from '#scheduling/streak'
import { bucketOfHour, HOUR_BUCKETS, type HourBucket } from '#scheduling/hour_bucket'
import { fieldTexts, sortField } from '#note_types/plain_text'
import { noteTypesById } from '#queries/notes/note_types_by_id'
import type { WrappedYear } from '#types/study'

/* Again in spaced repetition, Study again in speed review */
const FAILED_ANSWERS = ['again', 'study_again']

/**
 * The year's rows: study days, the busiest decks, the most failed card, media added and cards created. Five
 * statements.
 */
async function yearRows(user: User, first: string, until: string, from: Date, to: Date) {
  return Promise.all([
    db
      .from('study_days')
      .where('user_id', user.id)
      .whereBetween('day', [first, until])
      .where('cards_studied', '>', 0)
      .orderBy('day')
      .select(db.raw(`to_char(day, 'YYYY-MM-DD') as day`), 'cards_studied'),
    db
      .from('review_logs as l')
      .join('decks as d', 'd.id', 'l.deck_id')
      .where('l.user_id', user.id)
      .whereBetween('l.study_day', [first, until])
      .groupBy('d.id', 'd.name')
      .orderByRaw('count(*) desc, d.id asc')
      .limit(3)
      .select('d.id', 'd.name', db.raw('count(*)::int as cards_studied')),
    db
      .from('review_logs as l')
      .join('cards as c', 'c.id', 'l.card_id')
      .join('notes as n', 'n.id', 'c.note_id')
      .where('l.user_id', user.id)
      .whereBetween('l.study_day', [first, until])
      .whereIn('l.answer', FAILED_ANSWERS)
      .groupBy('c.id', 'c.note_id', 'c.deck_id', 'n.id')
      .orderByRaw('count(*) desc, c.id asc')
      .select(
        'c.id',
        'c.note_id',
        'c.deck_id',
        'n.sort_text',
        'n.fields',
        'n.note_type_id',
        db.raw('count(*)::int as again_count')
      )
      .first(),
    db
      .from('media')
      .where('user_id', user.id)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .count('* as count')
      .first(),
    db
      .from('cards as c')
      .join('notes as n', 'n.id', 'c.note_id')
      .where('n.user_id', user.id)
      .where('c.created_at', '>=', from)
      .where('c.created_at', '<', to)
      .count('* as count')
      .first(),
    /* answers by the hour of the learner's clock they were given at */
    db
      .from('review_logs')
      .where('user_id', user.id)
      .whereBetween('study_day', [first, until])
      .groupByRaw('1')
      .select(
        db.raw(
          `extract(hour from reviewed_at at time zone 'UTC' + make_interval(mins => ?))::int as hour`,
          [user.timezoneOffset ?? 0]
        ),
        db.raw('count(*)::int as answers')
      ),
  ])
}

/** The hour-of-day bucket (night, morning, afternoon, evening) with the most answers; the earlier one on a tie. */
function busiestBucket(hours: { hour: number; answers: number }[]): HourBucket | null {
  const totals = new Map<HourBucket, number>()
  for (const { hour, answers } of hours)
    totals.set(bucketOfHour(hour), (totals.get(bucketOfHour(hour)) ?? 0) + answers)
  let best: HourBucket | null = null
  for (const bucket of HOUR_BUCKETS)
    if ((totals.get(bucket) ?? 0) > (best ? totals.get(best)! : 0)) best = bucket
  return best
}

/**
 * The year in review (spec: Wrapped summary) for one calendar year of the
 * learner's study days. Days and the year's edges follow their study day
 * (their time zone, the day starting at 4 am), as the streak does. Eight
 * statements whatever the data size (the eighth reads the most failed
 * card's note type, to show its text as written).
 */
export async function wrappedYear(user: User, year: number): Promise<WrappedYear> {
  const today = user.today()
  const first = `${year}-01-01`
  const last = `${year}-12-31`
  /* a year still running ends today; a future year has no days yet */
  const until = last < today ? last : today
  const from = studyDayBounds(first, user.timezoneOffset).start
  const to = studyDayBounds(`${year + 1}-01-01`, user.timezoneOffset).start
  const [days, decks, challenged, media, created, hours] = await yearRows(
    user,
    first,
    until,
    from,
    to
  )
  /* sort_text is lower-cased (a key to sort by): the card shows its sort field as written */
  const challengedTypes = challenged ? await noteTypesById([challenged.note_type_id]) : null
  const challengedType = challenged && challengedTypes!.get(challenged.note_type_id)

  const studyDays = days.map((row: { day: string; cards_studied: number }) => ({
    date: row.day,
    cardsStudied: Number(row.cards_studied),
  }))
  const activeDays = studyDays
    .filter((day) => day.cardsStudied >= ACTIVE_DAY_CARDS)
    .map((day) => day.date)
  /* the earliest of the busiest days */
  const busiest = studyDays.reduce<(typeof studyDays)[number] | null>(
    (best, day) => (!best || day.cardsStudied > best.cardsStudied ? day : best),
    null
  )

  return {
    year,
    activeDaysCount: activeDays.length,
    /* streaks counted within the year: freezes earned before January 1st are not carried in */
    longestStreak: computeStreak(activeDays, until).longestDuration,
    mostProductiveDay: busiest,
    mostProductiveDecks: decks.map((row: { id: number; name: string; cards_studied: number }) => ({
      id: row.id,
      name: row.name,
      cardsStudied: row.cards_studied,
    })),
    mostChallengedCard: challenged
      ? {
          cardId: challenged.id as number,
          noteId: challenged.note_id as number,
          deckId: challenged.deck_id as number,
          front: challengedType
            ? sortField(fieldTexts(challengedType.definition, challenged.fields))
            : (challenged.sort_text as string),
          againCount: challenged.again_count as number,
        }
      : null,
    /* decks are not shared with other learners yet: no one to have collaborated with */
    collaboratorsCount: 0,
    attachmentsCount: Number(media?.count ?? 0),
    studiedCardsCount: studyDays.reduce((sum, day) => sum + day.cardsStudied, 0),
    createdCardsCount: Number(created?.count ?? 0),
    /* the day the learner joined is their first day with us: 1 on that day, never "0 days" */
    daysWithUs:
      Math.max(0, daysBetween(studyDay(user.createdAt.toJSDate(), user.timezoneOffset), today)) + 1,
    /* an addition: when the learner studies most (spec §9 buckets, on their clock), null without answers */
    busiestHourBucket: busiestBucket(hours as { hour: number; answers: number }[]),
  }
}
