/*
 * The card search language, step three: the tree as conditions of one query
 * builder (cards c, notes n, decks d, this learner's card_progress p and
 * card_suspensions s, joined by card_search.ts). What a note holds is in
 * search_sql_notes.ts; here, what a card's study says. Anki's card type and
 * queue become Mnemo's progress state, suspensions, burials and flags
 * (docs/search.md). Every value from the query is a bound parameter. Days
 * follow the learner's study day (app/scheduling/study_day.ts).
 */
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { addDays, studyDay, studyDayBounds } from '#scheduling/study_day'
import type { CardState, Comparison, SearchNode } from '#queries/cards/search_nodes'
import { noteCondition } from '#queries/cards/search_sql_notes'

type Builder = DatabaseQueryBuilderContract<any>

export interface SearchContext {
  userId: number
  now: Date
  /** the learner's time zone offset in minutes (users.timezone_offset) */
  timezoneOffset: number
  /** the learner's FSRS forgetting curve: R = (1 + factor · t / S) ^ -decay */
  fsrsDecay: number
}

/** Anki's learn-ahead: a learning card due within 20 minutes is due now. */
const LEARN_AHEAD_MS = 20 * 60_000

/* the study day `offset` days from today, its first instant */
function dayStart(context: SearchContext, offset: number) {
  const today = studyDay(context.now, context.timezoneOffset)
  return studyDayBounds(addDays(today, offset), context.timezoneOffset).start
}

const STATE = `coalesce(p.state, 'new')`
const LEARNING = `${STATE} in ('learning', 'relearning')`
/* Anki's review type: graduated, relearning included (the speed mode's study_again and got_it count) */
const REVIEW = `${STATE} in ('review', 'relearning', 'study_again', 'got_it')`
const BURIED = `exists (select 1 from card_burials b where b.card_id = c.id and b.user_id = ? and b.until > ?`
/* in one of Anki's study queues: studied, with a due date, not suspended, buried or frozen */
const IN_QUEUE = `${STATE} <> 'new' and p.due_at is not null and not p.frozen and s.card_id is null and not ${BURIED})`

const SQL_COMPARISON: Record<Comparison, string> = {
  '=': '=',
  '!=': '<>',
  '<': '<',
  '>': '>',
  '<=': '<=',
  '>=': '>=',
}

/* prop:due=n: due on the study day n days from today (negative: overdue); cards in a study queue only */
function dueCondition(
  query: Builder,
  node: { comparison: Comparison; value: number },
  context: SearchContext
) {
  const { comparison, value } = node
  const queue = [context.userId, context.now]
  const from = (offset: number) => dayStart(context, offset)
  const where = (condition: string, bounds: Date[]) =>
    query.whereRaw(`${IN_QUEUE} and ${condition}`, [...queue, ...bounds])
  if (comparison === '=')
    return where('p.due_at >= ? and p.due_at < ?', [from(value), from(value + 1)])
  if (comparison === '!=')
    return where('(p.due_at < ? or p.due_at >= ?)', [from(value), from(value + 1)])
  if (comparison === '<') return where('p.due_at < ?', [from(value)])
  if (comparison === '<=') return where('p.due_at < ?', [from(value + 1)])
  if (comparison === '>') return where('p.due_at >= ?', [from(value + 1)])
  return where('p.due_at >= ?', [from(value)])
}

function propCondition(
  query: Builder,
  node: Extract<SearchNode, { type: 'prop' }>,
  context: SearchContext
) {
  const op = SQL_COMPARISON[node.comparison]
  switch (node.property) {
    case 'due':
      return dueCondition(query, node, context)
    case 'ivl':
      return query.whereRaw(`floor(coalesce(p.interval_days, 0)) ${op} ?`, [node.value])
    case 'reps':
      return query.whereRaw(`coalesce(p.reps, 0) ${op} ?`, [node.value])
    case 'lapses':
      return query.whereRaw(`coalesce(p.lapses, 0) ${op} ?`, [node.value])
    case 'ease':
      return query.whereRaw(`coalesce(p.ease_permille, 0) ${op} ?`, [Math.round(node.value * 1000)])
    case 'pos':
      /* a new card's place in the order new cards come in: its note's id */
      return query.whereRaw(`${STATE} = 'new' and c.note_id ${op} ?`, [node.value])
    case 's':
      return query.whereRaw(`p.stability ${op} ?`, [node.value])
    case 'd':
      /* Anki writes difficulty 0-1; FSRS keeps it 1-10 */
      return query.whereRaw(`p.difficulty ${op} ?`, [node.value * 9 + 1])
    case 'r': {
      const decay = context.fsrsDecay
      const factor = Math.pow(0.9, -1 / decay) - 1
      const elapsed = `greatest(0, extract(epoch from (?::timestamptz - coalesce(p.last_reviewed_at,
        p.due_at - p.interval_days * interval '1 day'))) / 86400)`
      return query.whereRaw(
        `${STATE} <> 'new' and p.stability > 0 and power(1 + ? * ${elapsed} / p.stability, ?) ${op} ?`,
        [factor, context.now, -decay, node.value]
      )
    }
  }
}

function stateCondition(query: Builder, state: CardState, context: SearchContext) {
  const bury = [context.userId, context.now]
  switch (state) {
    case 'new':
      return query.whereRaw(`${STATE} = 'new'`)
    case 'learn':
      return query.whereRaw(LEARNING)
    case 'review':
      return query.whereRaw(REVIEW)
    case 'due':
      return query.whereRaw(
        `${IN_QUEUE} and ((${LEARNING} and p.due_at <= ?) or (not ${LEARNING} and p.due_at < ?))`,
        [...bury, new Date(context.now.getTime() + LEARN_AHEAD_MS), dayStart(context, 1)]
      )
    case 'buried':
      return query.whereRaw(`${BURIED})`, bury)
    case 'buried-manually':
      return query.whereRaw(`${BURIED} and b.manual)`, bury)
    case 'buried-sibling':
      return query.whereRaw(`${BURIED} and not b.manual)`, bury)
    case 'frozen':
      return query.whereRaw('coalesce(p.frozen, false)')
    case 'suspended':
      return query.whereRaw('s.card_id is not null')
  }
}

/* rated:, resched:, prop:rated: an answer (or a manual reschedule) on a study day compared to today + day */
function ratedCondition(
  query: Builder,
  node: Extract<SearchNode, { type: 'rated' }>,
  context: SearchContext
) {
  const day = addDays(studyDay(context.now, context.timezoneOffset), node.day)
  const rating = node.rating === null ? 'r.rating > 0' : 'r.rating = ?'
  return query.whereRaw(
    `exists (select 1 from review_logs r where r.card_id = c.id and r.user_id = ? and ` +
      `r.study_day ${SQL_COMPARISON[node.comparison]} ? and ${rating})`,
    node.rating === null ? [context.userId, day] : [context.userId, day, node.rating]
  )
}

/* introduced:n: first answered (manual reschedules aside) in the last n study days */
const INTRODUCED = `exists (select 1 from review_logs r where r.card_id = c.id and r.user_id = ? and r.rating > 0
  and r.study_day >= ?) and not exists (select 1 from review_logs r where r.card_id = c.id and r.user_id = ?
  and r.rating > 0 and r.study_day < ?)`

function cardCondition(query: Builder, node: SearchNode, context: SearchContext): Builder {
  const { userId } = context
  switch (node.type) {
    case 'all':
      return query.whereRaw('true')
    case 'none':
      return query.whereRaw('false')
    case 'is':
      return stateCondition(query, node.state, context)
    case 'prop':
      return propCondition(query, node, context)
    case 'rated':
      return ratedCondition(query, node, context)
    case 'added':
      return query.whereRaw('c.created_at >= ?', [dayStart(context, 1 - node.days)])
    case 'edited':
      return query.whereRaw('n.updated_at >= ?', [dayStart(context, 1 - node.days)])
    case 'introduced': {
      const since = addDays(studyDay(context.now, context.timezoneOffset), 1 - node.days)
      return query.whereRaw(INTRODUCED, [userId, since, userId, since])
    }
    case 'flag':
      if (node.flag === 0)
        return query.whereRaw(
          'not exists (select 1 from card_flags f where f.card_id = c.id and f.user_id = ?)',
          [userId]
        )
      return query.whereRaw(
        'exists (select 1 from card_flags f where f.card_id = c.id and f.user_id = ? and f.flag = ?)',
        [userId, node.flag]
      )
    case 'note_ids':
      return query.whereRaw('c.note_id = any(?::int[])', [node.ids])
    case 'card_ids':
      return query.whereRaw('c.id = any(?::int[])', [node.ids])
    case 'deck_ids':
      return query.whereRaw('c.deck_id = any(?::int[])', [node.ids])
    case 'preset':
      return query.whereRaw(
        'exists (select 1 from decks r where r.id = coalesce(d.root_deck_id, d.id) and r.algorithm_preset ilike ?)',
        [node.name.replace(/[\\%_]/g, (char) => `\\${char}`)]
      )
    default:
      return noteCondition(query, node, userId)!
  }
}

/** Adds the tree's conditions to the query (nothing for an empty search). */
export function applySearch(
  query: Builder,
  node: SearchNode | null,
  context: SearchContext
): Builder {
  if (!node) return query
  switch (node.type) {
    case 'and':
      return query.where((group) => {
        for (const child of node.children)
          group.where((inner) => applySearch(inner, child, context))
      })
    case 'or':
      return query.where((group) => {
        for (const child of node.children)
          group.orWhere((inner) => applySearch(inner, child, context))
      })
    case 'not':
      return query.whereNot((inner) => applySearch(inner, node.child, context))
    default:
      return cardCondition(query, node, context)
  }
}
