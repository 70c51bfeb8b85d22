import { test } from '@japa/runner'
import {
  MAX_ANSWER_MS,
  answerTimeOf,
  reviewLogRow,
  type ReviewLogInput,
} from '#actions/learning/review_log_row'

const answer = (overrides: Partial<ReviewLogInput> = {}): ReviewLogInput => ({
  userId: 1,
  cardId: 2,
  deckId: 3,
  answer: 'good',
  kind: 'review',
  stateBefore: 'review',
  versionBefore: 4,
  intervalBefore: 3,
  intervalAfter: 8,
  easeAfter: 2.5,
  reviewedAt: new Date('2026-01-02T10:00:00Z'),
  studyDay: '2026-01-02',
  durationMs: 4200,
  source: 'session',
  ...overrides,
})

/* the rules every review_logs row follows: a session's answer, an offline one, or history an import brings */
test.group('Review log row factory', () => {
  test('the answer time is whole milliseconds from 0 to 60 s', ({ assert }) => {
    assert.equal(MAX_ANSWER_MS, 60_000)
    assert.equal(answerTimeOf(4200.4), 4200)
    assert.equal(answerTimeOf(59_999.6), 60_000)
    assert.equal(answerTimeOf(60_001), 60_000)
    assert.equal(answerTimeOf(3_600_000), 60_000)
    assert.equal(answerTimeOf(-5), 0)
    assert.equal(reviewLogRow(answer({ durationMs: 95_000 })).duration_ms, 60_000)
    assert.equal(
      reviewLogRow(answer({ durationMs: 95_000, source: 'import', versionBefore: null }))
        .duration_ms,
      60_000
    )
  })

  test("the rating is the answer's, as FSRS and Anki count them", ({ assert }) => {
    const ratings = (['again', 'hard', 'good', 'easy', 'study_again', 'got_it'] as const).map(
      (name) => reviewLogRow(answer({ answer: name })).rating
    )
    assert.deepEqual(ratings, [1, 2, 3, 4, 1, 3])
  })

  test('a session answer keeps the progress before it (for undo) and review_duration_ms as sent', ({
    assert,
  }) => {
    const row = reviewLogRow(
      answer({
        previous: { state: 'review', version: 4 },
        sentDurationMs: 4200.4,
        stabilityAfter: 12.5,
        difficultyAfter: 5,
        dueAtAfter: new Date('2026-01-10T10:00:00Z'),
      })
    )
    assert.deepEqual(row, {
      user_id: 1,
      card_id: 2,
      deck_id: 3,
      answer: 'good',
      rating: 3,
      kind: 'review',
      state_before: 'review',
      version_before: 4,
      interval_before: 3,
      interval_after: 8,
      ease_after: 2500,
      stability_after: 12.5,
      difficulty_after: 5,
      due_at_after: new Date('2026-01-10T10:00:00Z'),
      reviewed_at: new Date('2026-01-02T10:00:00Z'),
      study_day: '2026-01-02',
      duration_ms: 4200,
      previous: JSON.stringify({ state: 'review', version: 4 }),
      source: 'session',
      sent_duration_ms: 4200,
    })
  })

  test('imported history has no previous state, no sent duration and no FSRS memory', ({
    assert,
  }) => {
    const row = reviewLogRow(
      answer({
        source: 'import',
        versionBefore: null,
        kind: 'learn',
        stateBefore: 'learning',
        easeAfter: 0,
      })
    )
    assert.include(row, {
      previous: null,
      sent_duration_ms: null,
      stability_after: null,
      difficulty_after: null,
      due_at_after: null,
      version_before: null,
      ease_after: 0,
    })
  })
})
