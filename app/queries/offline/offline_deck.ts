import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import ApiException from '#exceptions/api_exception'
import { studyContext, type StudyContext } from '#queries/learning/study_context'
import { sessionCards, type SessionCard } from '#queries/learning/session_cards'
import { dailyLimit, type DailyLimit } from '#queries/learning/daily_limit'
import { MAX_BALANCED_INTERVAL } from '#scheduling/balance'
import { studyDayBounds } from '#scheduling/study_day'
import { LEARN_AHEAD_SECONDS } from '#queries/learning/session_counters'

/*
 * A root deck's tree for offline study (issue 34, decision 0095): one page of
 * its cards, as the study page shows them, with everything the scheduler
 * takes on the device. The same read for both doors (GET /api/decks/{id}/offline,
 * GET /decks/{id}/offline); the transformer shapes it (offline_deck_transformer.ts).
 */

const OFFLINE_PER_PAGE = 200

/* a media key's UUID, as unused_media.ts and find_media.ts look a note's files up */
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'

/* the files named by these notes' fields and occlusion masks, and by their custom note types */
const NAMED_MEDIA = `
  with named as (
    select found[1] as uuid from notes n
      cross join lateral regexp_matches(lower(n.fields::text || ' ' || n.field_attachments_map::text),
        '${UUID}', 'g') as found
     where n.id = any(?::int[])
    union
    select found[1] from note_types t
      cross join lateral regexp_matches(lower(t.css || ' ' || t.templates::text), '${UUID}', 'g') as found
     where t.id in (select note_type_id from notes where id = any(?::int[]))
  )
  select m.key, m.mime, m.size from media m join named on split_part(m.key, '.', 1) = named.uuid
   order by m.key`

/*
 * What the download depends on, hashed: every note of the tree (id, last
 * edit), every card (id, deck, template), every deck of it (id, last change:
 * settings, algorithm, limits, name). A note or card added, edited, moved or
 * deleted, or a deck changed, gives another revision; the learner's answers do not.
 */
const REVISION = `
  select md5(
    coalesce((select string_agg(d.id || ':' || extract(epoch from d.updated_at), ',' order by d.id)
                from decks d where d.id = any(?::int[])), '') || '|' ||
    coalesce((select string_agg(n.id || ':' || extract(epoch from n.updated_at), ',' order by n.id)
                from notes n where n.deck_id = any(?::int[])), '') || '|' ||
    coalesce((select string_agg(c.id || ':' || c.deck_id || ':' || c.ord, ',' order by c.id)
                from cards c where c.deck_id = any(?::int[])), '')
  ) as revision`

/* the tree's cards, those in study (not removed by this learner), and the files its notes show */
const TOTALS = `
  with named as (
    select found[1] as uuid from notes n
      cross join lateral regexp_matches(lower(n.fields::text || ' ' || n.field_attachments_map::text),
        '${UUID}', 'g') as found
     where n.deck_id = any(?::int[])
    union
    select found[1] from note_types t
      cross join lateral regexp_matches(lower(t.css || ' ' || t.templates::text), '${UUID}', 'g') as found
     where t.id in (select note_type_id from notes where deck_id = any(?::int[]))
  ), files as (select m.size from media m join named on split_part(m.key, '.', 1) = named.uuid)
  select
    (select count(*)::int from cards c where c.deck_id = any(?::int[])) as cards,
    (select count(*)::int from card_suspensions s join cards c on c.id = s.card_id
      where s.user_id = ? and c.deck_id = any(?::int[])) as suspended,
    (select count(*)::int from files) as media,
    (select coalesce(sum(size), 0)::bigint from files) as media_bytes`

/* the learner's use of the tree today: distinct cards, and the new ones among them */
const TREE_TODAY = `
  select count(distinct card_id)::int as cards,
         count(distinct card_id) filter (where state_before = 'new')::int as new_cards
    from review_logs where user_id = ? and study_day = ?::date and deck_id = any(?::int[])`

/* the learner's reviews due per study day from today, every deck (due_counts.ts counts them so) */
const DUE_BY_DAY = `
  select floor(extract(epoch from (due_at - ?::timestamptz)) / 86400)::int as day, count(*)::int as due
    from card_progress
   where user_id = ? and due_at >= ? and due_at < ? and state in ('review', 'relearning') and not frozen
   group by 1`

/** A card of the page, with the learner's marks beside the session's own shape. */
export type OfflineDeckCard = SessionCard & { suspended: boolean; buriedUntil: Date | null }

export interface OfflineDeckData {
  context: StudyContext
  decks: {
    id: number
    name: string
    parent_id: number | null
    new_cards_per_day: number | null
    max_cards_per_day: number | null
  }[]
  revision: string
  generatedAt: Date
  /** learning cards due this soon are shown early (the session's learn-ahead limit) */
  learnAheadSeconds: number
  cards: OfflineDeckCard[]
  media: { key: string; mime: string; size: number }[]
  totals: { cards: number; available: number; media: number; mediaBytes: number }
  page: { number: number; perPage: number }
  learner: {
    dayStart: Date
    treeCardsToday: number
    treeNewToday: number
    plan: DailyLimit
    cardsStudiedToday: number
    dueByDay: number[]
  }
}

/**
 * The deck, if it may be downloaded: the caller sees it (a stranger's is a
 * 404, a deck no longer shared with them "unavailable"), it is not archived
 * (studyContext), it is a main deck (a subdeck goes with its main deck) and
 * its offline mode is on.
 */
async function offlineContext(user: User, deckId: unknown) {
  const context = await studyContext(user, deckId)
  if (context.deck.parentId !== null) throw ApiException.of('E_OFFLINE_SUBDECK', { apiField: 'id' })
  if (!context.deck.offlineModeEnabled) throw ApiException.of('E_OFFLINE_MODE_OFF')
  return context
}

/** The learner's marks on the page's cards: removed from study, buried until when. */
async function marksOf(userId: number, cardIds: number[]) {
  const [suspended, burials] = await Promise.all([
    db
      .from('card_suspensions')
      .where('user_id', userId)
      .whereIn('card_id', cardIds)
      .select('card_id'),
    db
      .from('card_burials')
      .where('user_id', userId)
      .whereIn('card_id', cardIds)
      .whereRaw('until > now()')
      .select('card_id', 'until'),
  ])
  return {
    suspended: new Set(suspended.map((row) => row.card_id as number)),
    buried: new Map(burials.map((row) => [row.card_id as number, new Date(row.until)])),
  }
}

/** The learner's day: their use of the tree and of their plan's limit, and their calendar ahead. */
async function learnerDay(context: StudyContext) {
  const { user, today, deckIds } = context
  const { start } = studyDayBounds(today, user.timezoneOffset ?? 0)
  const horizon = new Date(start.getTime() + (MAX_BALANCED_INTERVAL + 2) * 86_400_000)
  const [treeToday, plan, studied, due] = await Promise.all([
    db.rawQuery(TREE_TODAY, [user.id, today, deckIds]),
    dailyLimit(user, today),
    db.from('study_days').where({ user_id: user.id, day: today }).select('cards_studied').first(),
    db.rawQuery(DUE_BY_DAY, [start, user.id, start, horizon]),
  ])
  const dueByDay = Array.from({ length: MAX_BALANCED_INTERVAL + 2 }, () => 0)
  for (const row of due.rows as { day: number; due: number }[])
    if (row.day >= 0 && row.day < dueByDay.length) dueByDay[row.day] = row.due
  return {
    dayStart: start,
    treeCardsToday: Number(treeToday.rows[0]?.cards ?? 0),
    treeNewToday: Number(treeToday.rows[0]?.new_cards ?? 0),
    plan,
    cardsStudiedToday: Number(studied?.cards_studied ?? 0),
    dueByDay,
  }
}

/**
 * One page of a root deck's tree for offline study: its cards by id
 * (`page` from 1, `perPage` of them), the files they show, the tree's decks,
 * revision and totals, and the learner's day.
 */
export async function offlineDeck(
  user: User,
  deckId: unknown,
  paging: { page?: number; per_page?: number } = {}
): Promise<OfflineDeckData> {
  const context = await offlineContext(user, deckId)
  const { deckIds } = context
  const page = { number: paging.page ?? 1, perPage: paging.per_page ?? OFFLINE_PER_PAGE }
  const [decks, revision, totals, pageIds, learner] = await Promise.all([
    db
      .from('decks')
      .whereIn('id', deckIds)
      .orderByRaw('parent_id is not null, position, id')
      .select('id', 'name', 'parent_id', 'new_cards_per_day', 'max_cards_per_day'),
    db.rawQuery(REVISION, [deckIds, deckIds, deckIds]),
    db.rawQuery(TOTALS, [deckIds, deckIds, deckIds, user.id, deckIds]),
    db
      .from('cards')
      .whereIn('deck_id', deckIds)
      .orderBy('id')
      .offset((page.number - 1) * page.perPage)
      .limit(page.perPage)
      .select('id', 'note_id'),
    learnerDay(context),
  ])
  const ids = pageIds.map((row) => row.id as number)
  const noteIds = [...new Set(pageIds.map((row) => row.note_id as number))]
  const [cards, marks, media] = await Promise.all([
    sessionCards(context, ids),
    marksOf(user.id, ids),
    ids.length ? db.rawQuery(NAMED_MEDIA, [noteIds, noteIds]) : { rows: [] },
  ])
  const counted = totals.rows[0]
  return {
    context,
    decks,
    revision: revision.rows[0].revision,
    generatedAt: context.now,
    learnAheadSeconds: LEARN_AHEAD_SECONDS,
    cards: cards.map((card) => ({
      ...card,
      suspended: marks.suspended.has(card.card.id),
      buriedUntil: marks.buried.get(card.card.id) ?? null,
    })),
    media: media.rows.map((row: { key: string; mime: string; size: number | string }) => ({
      key: row.key,
      mime: row.mime,
      size: Number(row.size),
    })),
    totals: {
      cards: counted.cards,
      available: counted.cards - counted.suspended,
      media: counted.media,
      mediaBytes: Number(counted.media_bytes),
    },
    page,
    learner,
  }
}
