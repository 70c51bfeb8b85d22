import { resolveAlgorithm } from '#scheduling/presets'
import { DEFAULT_EXAM_RETENTION, examDaysLeft, newCardPace } from '#scheduling/exam'
import { dayString, study } from './simulated_learner.js'
const examDate = dayString(30)
for (const scheduler of (process.argv[2] ? [process.argv[2]] : ['sm2']) as ('sm2'|'fsrs')[]) {
  const algorithm = { ...resolveAlgorithm('custom', { scheduler }), newCardsPerDay: 40, maxCardsPerDay: null }
  for (const exam of [false, true]) {
    const r = study({ cards: 1000, days: 30, algorithm, balance: true, seed: 18,
      newCards: (day, newLeft) => (exam ? newCardPace(newLeft, examDaysLeft(dayString(day), examDate) ?? 0, 40).perDay : 40),
      exam: exam ? (day) => { const d = examDaysLeft(dayString(day), examDate); return d === null ? null : { daysLeft: d, target: DEFAULT_EXAM_RETENTION, scheduler, parameters: null } } : undefined })
    console.log(scheduler, exam ? 'exam' : 'plain', r.totalAnswers, r.answersPerDay.join(' '))
    console.log('   reviews', r.reviewsPerDay.join(' '))
  }
}
