/*
 * The card search language, step three: the tree as conditions of one query
 * builder (cards c, notes n, this learner's card_progress p and
 * card_suspensions s, joined by browse_cards.ts). Every value from the query
 * is a bound parameter; no user text is ever part of the SQL. Days follow the
 * learner's study day (app/scheduling/study_day.ts).
 */
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { addDays, studyDay, studyDayBounds } from '#scheduling/study_day'
import type { Comparison, SearchNode } from '#queries/cards/search_parser'

type Builder = DatabaseQueryBuilderContract<any>

export interface SearchContext {
  userId: number
  now: Date
  /** the learner's time zone offset in minutes (users.timezone_offset) */
  timezoneOffset: number
}

/** `*` matches anything; every other LIKE character is literal. */
function likePattern(text: string) {
  return text
    .toLowerCase()
    .replace(/[\\%_]/g, (char) => `\\${char}`)
    .replace(/\*/g, '%')
}

/* the study day `offset` days from today, its first instant */
function dayStart(context: SearchContext, offset: number) {
  const today = studyDay(context.now, context.timezoneOffset)
  return studyDayBounds(addDays(today, offset), context.timezoneOffset).start
}

const STATE = `coalesce(p.state, 'new')`
const SQL_COMPARISON: Record<Comparison, string> = {
  '=': '=',
  '!=': '<>',
  '<': '<',
  '>': '>',
  '<=': '<=',
  '>=': '>=',
}

/* prop:due=n: due on the study day n days from today (negative: overdue by n days); only cards with a due date */
function dueCondition(
  query: Builder,
  node: Extract<SearchNode, { type: 'prop' }>,
  context: SearchContext
) {
  const { comparison, value } = node
  const scheduled = `${STATE} <> 'new' and p.due_at is not null`
  const from = (offset: number) => dayStart(context, offset)
  if (comparison === '=')
    return query.whereRaw(`${scheduled} and p.due_at >= ? and p.due_at < ?`, [
      from(value),
      from(value + 1),
    ])
  if (comparison === '!=')
    return query.whereRaw(`${scheduled} and (p.due_at < ? or p.due_at >= ?)`, [
      from(value),
      from(value + 1),
    ])
  if (comparison === '<') return query.whereRaw(`${scheduled} and p.due_at < ?`, [from(value)])
  if (comparison === '<=') return query.whereRaw(`${scheduled} and p.due_at < ?`, [from(value + 1)])
  if (comparison === '>') return query.whereRaw(`${scheduled} and p.due_at >= ?`, [from(value + 1)])
  return query.whereRaw(`${scheduled} and p.due_at >= ?`, [from(value)])
}

const PROPERTY_SQL = {
  ivl: 'coalesce(p.interval_days, 0)',
  lapses: 'coalesce(p.lapses, 0)',
  reps: 'coalesce(p.reps, 0)',
  ease: 'coalesce(p.ease_permille, 0) / 1000.0',
} as const

function stateCondition(
  query: Builder,
  state: Extract<SearchNode, { type: 'is' }>['state'],
  context: SearchContext
) {
  switch (state) {
    case 'new':
      return query.whereRaw(`${STATE} = 'new'`)
    case 'learning':
      return query.whereRaw(`${STATE} in ('learning', 'relearning')`)
    case 'review':
      return query.whereRaw(`${STATE} in ('review', 'study_again', 'got_it')`)
    case 'due':
      /* due by the end of today's study day, and not out of study */
      return query.whereRaw(
        `${STATE} <> 'new' and p.due_at < ? and not p.frozen and s.card_id is null`,
        [dayStart(context, 1)]
      )
    case 'frozen':
      return query.whereRaw('coalesce(p.frozen, false)')
    default:
      return query.whereRaw('s.card_id is not null')
  }
}

/* the decks named (at any level of any tree the learner sees: the base query keeps to those) and all their subdecks */
const DECK_NAMED = `c.deck_id in (with recursive named as (
    select x.id from decks x where lower(x.name) like ? escape '\\'
    union all
    select child.id from decks child join named on child.parent_id = named.id
  ) select id from named)`

const TAGGED = `exists (select 1 from jsonb_array_elements_text(n.tags) as tag(name)
  where lower(tag.name) like ? escape '\\' or lower(tag.name) like ? escape '\\')`

function leafCondition(
  query: Builder,
  node: Exclude<SearchNode, { type: 'and' | 'or' | 'not' }>,
  context: SearchContext
): Builder {
  switch (node.type) {
    case 'text':
      return query.whereRaw(`n.search_text like ? escape '\\'`, [`%${likePattern(node.value)}%`])
    case 'deck':
      return query.whereRaw(DECK_NAMED, [likePattern(node.name)])
    case 'tag':
      if (node.name.toLowerCase() === 'none')
        return query.whereRaw(`jsonb_array_length(n.tags) = 0`)
      return query.whereRaw(TAGGED, [likePattern(node.name), `${likePattern(node.name)}::%`])
    case 'is':
      return stateCondition(query, node.state, context)
    case 'prop':
      if (node.property === 'due') return dueCondition(query, node, context)
      return query.whereRaw(`${PROPERTY_SQL[node.property]} ${SQL_COMPARISON[node.comparison]} ?`, [
        node.value,
      ])
    case 'rated': {
      const since = addDays(studyDay(context.now, context.timezoneOffset), 1 - node.days)
      const rating = node.rating === null ? '' : ' and r.rating = ?'
      const bindings =
        node.rating === null ? [context.userId, since] : [context.userId, since, node.rating]
      return query.whereRaw(
        `exists (select 1 from review_logs r where r.card_id = c.id and r.user_id = ? and r.study_day >= ?${rating})`,
        bindings
      )
    }
    case 'added':
      return query.whereRaw('c.created_at >= ?', [dayStart(context, 1 - node.days)])
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
      return leafCondition(query, node, context)
  }
}
