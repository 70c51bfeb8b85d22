/*
 * Studying a deck on the device (docs/offline.md): which card comes next and what an answer makes of it,
 * with the server's own scheduler (app/scheduling, shared with this bundle) and the server's session rules:
 * learning cards due first, then today's reviews, then new cards, within the root deck's daily limits
 * (distinct cards a day, new cards a day, and the plan's limit); learning cards due within the learn-ahead
 * limit come early when nothing else is left; an answer buries the siblings its kind buries. Pure: the
 * caller stores what it returns (session.ts).
 */
import { answersOf, outcomesFor, placedOutcome } from '#scheduling/scheduler'
import { parseEasyDays, weekdayOf, type DayLoad } from '#scheduling/balance'
import { siblingKindsToBury } from '#scheduling/burying'
import { dailyRoom } from '#scheduling/daily_limits'
import { daysBetween, studyDay, studyDayBounds } from '#scheduling/study_day'
import type { Answer, Progress } from '#scheduling/types'
import type { OfflineProgress } from '#types/offline'
import type { CardRecord, DeckRecord } from '~/lib/offline/store'

type Ready = DeckRecord & {
  settings: NonNullable<DeckRecord['settings']>
  learner: NonNullable<DeckRecord['learner']>
}

export function toProgress(progress: OfflineProgress): Progress {
  return {
    ...progress,
    dueAt: progress.dueAt ? new Date(progress.dueAt) : null,
    lastReviewedAt: progress.lastReviewedAt ? new Date(progress.lastReviewedAt) : null,
  }
}

function fromProgress(progress: Progress): OfflineProgress {
  return {
    ...progress,
    dueAt: progress.dueAt?.toISOString() ?? null,
    lastReviewedAt: progress.lastReviewedAt?.toISOString() ?? null,
  }
}

/** The study day's use: the server's count at the download (same day), and what the device studied since. */
export function dayUse(deck: Ready, now: Date) {
  const today = studyDay(now, deck.learner.timezoneOffsetMinutes)
  const fromServer = deck.learner.today === today
  const local = deck.day?.day === today ? deck.day : null
  return {
    today,
    cardIds: local?.cardIds ?? [],
    newIds: local?.newIds ?? [],
    cardsToday: (fromServer ? deck.learner.treeCardsToday : 0) + (local?.cardIds.length ?? 0),
    newToday: (fromServer ? deck.learner.treeNewToday : 0) + (local?.newIds.length ?? 0),
    /* every deck's distinct cards today, for the plan's daily limit */
    allCards: (fromServer ? deck.learner.planLimit.used : 0) + (local?.allCards ?? 0),
  }
}

const studyable = (card: CardRecord, now: Date) =>
  !card.isFrozen &&
  !card.isSuspended &&
  !(card.buriedUntil && new Date(card.buriedUntil) > now) &&
  card.progress.state !== 'got_it'

const dueMs = (card: CardRecord) => (card.progress.dueAt ? Date.parse(card.progress.dueAt) : 0)

/** Whether the plan's limit (free: distinct cards a day; guest: cards ever) still lets `card` be studied. */
function planAllows(deck: Ready, use: ReturnType<typeof dayUse>, card: CardRecord) {
  const plan = deck.learner.planLimit
  if (!plan.kind || plan.limit === null) return true
  if (use.cardIds.includes(card.id)) return true
  return use.allCards < plan.limit
}

export type NextCard = {
  card: CardRecord | null
  nextDueAt: string | null
  counts: { learning: number; review: number; new: number }
}

/** The card to show now, or none (with when the next one comes due). */
export function nextCard(deck: Ready, cards: CardRecord[], now: Date): NextCard {
  const { timezoneOffsetMinutes } = deck.learner
  const use = dayUse(deck, now)
  const dayEnd = studyDayBounds(use.today, timezoneOffsetMinutes).end.getTime()
  const learnAhead = now.getTime() + deck.settings.learnAheadSeconds * 1000
  const live = cards.filter((card) => studyable(card, now) && planAllows(deck, use, card))
  const byDue = (a: CardRecord, b: CardRecord) => dueMs(a) - dueMs(b) || a.id - b.id
  const learning = live
    .filter((card) => card.progress.state === 'learning' || card.progress.state === 'relearning')
    .sort(byDue)
  const reviews = live
    .filter((card) => card.progress.state === 'review' && dueMs(card) < dayEnd)
    .sort(byDue)
  const fresh = live
    .filter((card) => ['new', 'study_again'].includes(card.progress.state))
    .sort((a, b) => a.deckId - b.deckId || a.noteId - b.noteId || a.ord - b.ord)
  const algorithm = deck.settings.algorithm
  const room = dailyRoom(
    {
      reviewsDue: reviews.length,
      newAvailable: fresh.length,
      cardsToday: use.cardsToday,
      newToday: use.newToday,
    },
    algorithm
  )
  const dueLearning = learning.filter((card) => dueMs(card) <= now.getTime())
  const shownReviews = reviews.slice(0, room.reviews)
  const shownNew = fresh.slice(0, room.newCards)
  const counts = { learning: learning.length, review: shownReviews.length, new: shownNew.length }
  const card =
    dueLearning[0] ??
    shownReviews[0] ??
    shownNew[0] ??
    learning.find((item) => dueMs(item) <= learnAhead) ??
    null
  const later = learning[0]?.progress.dueAt ?? null
  return { card, nextDueAt: card ? null : later, counts }
}

function schedulingInput(deck: Ready, card: CardRecord, now: Date) {
  return {
    cardId: card.id,
    progress: toProgress(card.progress),
    algorithm: deck.settings.algorithm,
    fsrsParameters: deck.settings.fsrsParameters,
    now,
  }
}

/** The buttons the card offers and how far each sends it, in seconds (the online page's answer buttons). */
export function answerDelays(deck: Ready, card: CardRecord, now: Date) {
  const outcomes = outcomesFor(schedulingInput(deck, card, now))
  return answersOf(deck.settings.algorithm).map((type) => ({
    type,
    delaySeconds: outcomes[type]!.delaySeconds,
  }))
}

const DAY_MS = 86_400_000

/*
 * Reviews due per study day from `dayStart`, as the server's placement counts them (queries/learning/
 * due_counts.ts COUNTS): review and relearning cards, not frozen, by whole days from the day's start.
 */
function treeDue(cards: CardRecord[], dayStart: Date) {
  const counts = new Map<number, number>()
  for (const card of cards) {
    const { state, dueAt } = card.progress
    if (card.isFrozen || !dueAt || (state !== 'review' && state !== 'relearning')) continue
    const day = Math.floor((Date.parse(dueAt) - dayStart.getTime()) / DAY_MS)
    if (day >= 0) counts.set(day, (counts.get(day) ?? 0) + 1)
  }
  return counts
}

/** The other decks' reviews due per day at the download: the learner's counts less this tree's. */
export function otherDecksDue(learner: NonNullable<DeckRecord['learner']>, cards: CardRecord[]) {
  const tree = treeDue(cards, new Date(learner.dayStart))
  return learner.dueByDay.map((count, day) => Math.max(0, count - (tree.get(day) ?? 0)))
}

/* the learner's calendar as the server reads it at the answer: the other decks' counts, this tree's as it is now */
function loadAt(deck: Ready, cards: CardRecord[], today: string): DayLoad {
  const { learner } = deck
  const shift = daysBetween(learner.today, today)
  const other = deck.otherDueByDay ?? learner.dueByDay
  const tree = treeDue(cards, studyDayBounds(today, learner.timezoneOffsetMinutes).start)
  return {
    dueOn: (offset) => (other[offset + shift] ?? 0) + (tree.get(offset) ?? 0),
    todayWeekday: weekdayOf(today),
    easyDays: parseEasyDays(learner.easyDays),
  }
}

/** What answering `card` with `answer` at `now` changes: the card, its buried siblings, the day's use. */
export function applyAnswer(
  deck: Ready,
  cards: CardRecord[],
  card: CardRecord,
  answer: Answer,
  now: Date
) {
  const use = dayUse(deck, now)
  const { learner } = deck
  /* the server's load balancing: the same counts the replay of this answer will read */
  const load = loadAt(deck, cards, use.today)
  const outcome = placedOutcome(schedulingInput(deck, card, now), answer, { load, exam: null })
  const answered: CardRecord = {
    ...card,
    progress: fromProgress(outcome.progress),
    isFrozen: card.isFrozen || outcome.leech,
  }
  const changed = [answered]
  const kinds = siblingKindsToBury(deck.settings.buryMode, card.progress.state)
  if (kinds.length) {
    const tomorrow = studyDayBounds(use.today, learner.timezoneOffsetMinutes).end.toISOString()
    for (const sibling of cards) {
      if (sibling.noteId !== card.noteId || sibling.id === card.id) continue
      if (kinds.includes(siblingKind(sibling, now)!))
        changed.push({ ...sibling, buriedUntil: tomorrow })
    }
  }
  const seen = use.cardIds.includes(card.id)
  const day = {
    day: use.today,
    cardIds: seen ? use.cardIds : [...use.cardIds, card.id],
    newIds:
      card.progress.state === 'new' && !use.newIds.includes(card.id)
        ? [...use.newIds, card.id]
        : use.newIds,
    allCards: (deck.day?.day === use.today ? deck.day.allCards : 0) + (seen ? 0 : 1),
  }
  return { changed, day, leech: outcome.leech }
}

function siblingKind(card: CardRecord, now: Date) {
  const state = card.progress.state
  if (state === 'new') return 'new'
  if (state === 'review') return 'review'
  /* interday learning: a learning step of a day or more */
  if ((state === 'learning' || state === 'relearning') && dueMs(card) - now.getTime() >= 86_400_000)
    return 'interdayLearning'
  return null
}
