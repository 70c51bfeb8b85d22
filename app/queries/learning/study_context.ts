import db from '@adonisjs/lucid/services/db'
import Deck from '#models/deck'
import type User from '#models/user'
import ApiException from '#exceptions/api_exception'
import { findDeck, idParam, roleColumn } from '#queries/decks/find_deck'
import { subtreeIdsColumn } from '#queries/decks/deck_tree'
import { preparedShape } from '#services/prepared_query'
import { authorize } from '#services/authorize'
import DeckPolicy from '#policies/deck_policy'
import { parseSnapshot, snapshotBindings, snapshotColumn } from '#queries/learning/answer_snapshot'
import { resolveAlgorithm, type ResolvedAlgorithm } from '#scheduling/presets'
import { studyDayBounds } from '#scheduling/study_day'
import { placeForParticipant } from '#queries/decks/participation'
import { notFoundFor } from '#queries/decks/deck_unavailable'
import { DEFAULT_EXAM_RETENTION, examDaysLeft, type ExamContext } from '#scheduling/exam'
import type { InheritedLimits } from '#types/decks'

/** Everything a study session of one deck (its subdecks included) needs to know. */
export interface StudyContext {
  user: User
  deck: Deck
  root: Deck
  deckIds: number[]
  algorithm: ResolvedAlgorithm
  fsrsParameters: number[] | null
  now: Date
  today: string
  dayEnd: Date
}

/** The columns a deck's algorithm is read from (a model, or a row of the deck list). */
export type AlgorithmColumns = Pick<
  Deck,
  'algorithmPreset' | 'algorithmSettings' | 'newCardsPerDay' | 'maxCardsPerDay'
> &
  Partial<Pick<Deck, 'examDate' | 'examNewCardsCeiling'>>

/**
 * A deck's algorithm is its root's; its own cards-per-day settings win over
 * the root's. With an exam ahead on the root (`today` given), exam mode sets
 * the pace of new cards (app/scheduling/exam.ts).
 */
export function sessionAlgorithm(
  deck: AlgorithmColumns,
  root: AlgorithmColumns,
  today?: string
): ResolvedAlgorithm {
  const algorithm = resolveAlgorithm(root.algorithmPreset, root.algorithmSettings, {
    newCardsPerDay: deck.newCardsPerDay ?? root.newCardsPerDay,
    maxCardsPerDay: deck.maxCardsPerDay ?? root.maxCardsPerDay,
  })
  const daysLeft =
    today && algorithm.type === 'spacedRepetition' ? examDaysLeft(today, root.examDate) : null
  return daysLeft === null
    ? algorithm
    : { ...algorithm, exam: { daysLeft, ceiling: root.examNewCardsCeiling ?? null } }
}

/**
 * What a deck's daily limits are where it sets none of its own, read as
 * sessionAlgorithm reads them: a subdeck's main deck's, else the preset's
 * (value null: no limit). The settings tab shows them in its empty fields.
 */
export function inheritedLimits(
  deck: Pick<Deck, 'id'>,
  root: AlgorithmColumns & Pick<Deck, 'id'>
): InheritedLimits {
  const none = { newCardsPerDay: null, maxCardsPerDay: null }
  const main =
    deck.id === root.id
      ? none
      : { newCardsPerDay: root.newCardsPerDay, maxCardsPerDay: root.maxCardsPerDay }
  const columns = {
    algorithmPreset: root.algorithmPreset,
    algorithmSettings: root.algorithmSettings,
  }
  const applied = sessionAlgorithm({ ...columns, ...none }, { ...columns, ...main })
  const from = (value: number | null) =>
    value === null ? ('preset' as const) : ('main_deck' as const)
  return {
    preset: applied.preset,
    newCardsPerDay: { value: applied.newCardsPerDay, from: from(main.newCardsPerDay) },
    maxCardsPerDay: { value: applied.maxCardsPerDay, from: from(main.maxCardsPerDay) },
  }
}

/** The exam the answer plans toward, if the session's root deck has one ahead. */
export function examOf(
  context: Pick<StudyContext, 'algorithm' | 'fsrsParameters'>
): ExamContext | null {
  const { algorithm } = context
  if (!algorithm.exam) return null
  return {
    daysLeft: algorithm.exam.daysLeft,
    target: Math.max(algorithm.desiredRetention, DEFAULT_EXAM_RETENTION),
    scheduler: algorithm.scheduler,
    parameters: context.fsrsParameters,
  }
}

/**
 * The deck through what grants access to it (another learner's deck is a
 * 404), its root's algorithm (the algorithm is set on the root deck only),
 * and the learner's study day. An archived deck cannot be studied.
 */
export async function studyContext(user: User, deckId: unknown): Promise<StudyContext> {
  const { context } = await readContext(user, deckId)
  return context
}

/**
 * The study context of an answer and the card it names, as the learner has
 * it, in one statement: the read every answer makes before its write.
 */
export async function answerContext(user: User, deckId: unknown, cardId: number) {
  const { context, row } = await readContext(user, deckId, cardId)
  return { context, snapshot: parseSnapshot(row.$extras.answer_snapshot, cardId, context.deckIds) }
}

/* the deck, the caller's role and the subtree's ids; to answer, the card's snapshot too: one read each */
const deckQuery = (user: number, deck: number) =>
  Deck.query()
    .withScopes((scopes) => scopes.accessibleBy({ id: user }))
    .where('decks.id', deck)
    .select('decks.*', roleColumn({ id: user }), subtreeIdsColumn(deck, 'subtree_ids'))
/* read before every study request and every answer: built and compiled once, then prepared once per connection */
const readDeck = preparedShape('study-context-deck', ['user', 'deck'], (values) =>
  deckQuery(values.user, values.deck)
)
const readDeckAndCard = preparedShape('study-context-answer', ['user', 'deck', 'card'], (values) =>
  deckQuery(values.user, values.deck).select(
    db.raw(snapshotColumn('answer_snapshot'), snapshotBindings(values.user, values.card))
  )
)

async function readContext(user: User, deckId: unknown, answering?: number) {
  const id = idParam(deckId)
  const [found] =
    answering === undefined
      ? await readDeck({ user: user.id, deck: id })
      : await readDeckAndCard({ user: user.id, deck: id, card: answering })
  const deck = found ? Deck.$createFromAdapterResult(found)! : null
  if (!deck) throw await notFoundFor(user.id, id)
  await authorize(user, DeckPolicy, 'view', deck)
  if (deck.state === 'archived') throw ApiException.of('E_DECK_ARCHIVED')
  /* the root's algorithm governs a subdeck's session; it is in the same tree, so the same access */
  const root =
    deck.rootDeckId && deck.rootDeckId !== deck.id ? await findDeck(user, deck.rootDeckId) : deck
  /* a participant studies with their own daily limits (their collaborator row); an owner reads nothing more */
  if (deck.userId !== user.id)
    await placeForParticipant(user, root === deck ? [deck] : [deck, root])
  const now = new Date()
  const today = user.today(now)
  const context: StudyContext = {
    user,
    deck,
    root,
    deckIds: deck.$extras.subtree_ids as number[],
    algorithm: sessionAlgorithm(deck, root, today),
    fsrsParameters: Array.isArray(user.fsrsParameters) ? user.fsrsParameters : null,
    now,
    today,
    dayEnd: studyDayBounds(today, user.timezoneOffset ?? 0).end,
  }
  return { context, row: deck }
}
