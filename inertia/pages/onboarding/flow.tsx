import {
  useCallback,
  useEffect,
  useEffectEvent,
  useMemo,
  useState,
  type ComponentType,
} from 'react'
import { Head } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { requestJson } from '~/lib/http'
import { urlFor } from '~/lib/routes'
import * as Q from '~/components/onboarding/question_steps'
import {
  ExplainStep,
  LoaderStep,
  PaywallStep,
  SuggestionsStep,
  skipOnboarding,
  startDeck,
} from '~/components/onboarding/final_steps'
import type { Answers } from '~/components/onboarding/answers'
import type { Data } from '~generated/data'
import '~/css/onboarding.css'

type Suggestion = Data.Onboarding['personalisedDecks'][number]

/* the questions in the spec's order; the goal chooses the middle ones */
const QUESTIONS: Record<string, ComponentType<Q.QuestionProps>> = {
  age: Q.AgeStep,
  intro: Q.IntroStep,
  forget: Q.ForgetStep,
  habit: Q.HabitStep,
  goal: Q.GoalStep,
  languages: Q.LanguagesStep,
  level: Q.LevelStep,
  focus: Q.FocusStep,
  reason: Q.ReasonStep,
  exam: Q.ExamStep,
  subject: Q.SubjectStep,
  minutes: Q.MinutesStep,
  when: Q.WhenStep,
  reminders: Q.RemindersStep,
}
const BRANCHES: Record<string, string[]> = {
  languages: ['languages', 'level', 'focus', 'reason'],
  exam: ['exam', 'subject'],
  other: ['subject'],
}

function stepsFor(goal: string | undefined) {
  return [
    'age',
    'intro',
    'forget',
    'habit',
    'goal',
    ...(BRANCHES[goal ?? ''] ?? []),
    'minutes',
    'when',
    'reminders',
    'loader',
    'explain',
    'suggestions',
    'paywall',
  ]
}

/** The answers to send: what was answered, nothing else (the server keeps the others). */
const answered = (answers: Answers) =>
  Object.fromEntries(
    Object.entries(answers).filter(([, value]) => value !== undefined && value !== '')
  )

/** Stores the answers and brings the suggestions (the personalising loader's work). */
function usePersonalisation(answers: Answers, active: boolean, onDone: () => void) {
  const [decks, setDecks] = useState<Suggestion[] | null>(null)
  const [failed, setFailed] = useState(false)
  const send = useCallback(() => {
    requestJson<Data.Onboarding>(urlFor('onboarding.answers'), {
      method: 'PUT',
      json: { onboarding_data: answered(answers) },
    })
      .then((reply) => {
        setDecks(reply.personalisedDecks)
        onDone()
      })
      .catch(() => setFailed(true))
  }, [answers, onDone])
  const retry = useCallback(() => {
    setFailed(false)
    send()
  }, [send])
  /* reaching the loader starts afresh (in render) and sends the answers given by then */
  const [wasActive, setWasActive] = useState(active)
  if (active !== wasActive) {
    setWasActive(active)
    if (active) setFailed(false)
  }
  const start = useEffectEvent(() => send())
  useEffect(() => {
    if (active) start()
  }, [active])
  return { decks, failed, retry }
}

/**
 * The onboarding: questions, the loader, the explainers, the suggestions, the paywall, then the first deck's
 * first card.
 */
export default function OnboardingFlow({ onboarding: props }: { onboarding: Data.OnboardingPage }) {
  const t = useT()
  /* the stored answers are what the onboarding's validator accepted: the questions' own keys */
  const [answers, setAnswers] = useState<Answers>(props.answers as Answers)
  const [index, setIndex] = useState(0)
  const [chosen, setChosen] = useState<Suggestion | null>(null)
  const steps = useMemo(() => stepsFor(answers.goal), [answers.goal])
  const step = steps[index]
  const next = useCallback(() => setIndex((current) => current + 1), [])
  const answer = useCallback(
    (changes: Answers) => setAnswers((current) => ({ ...current, ...changes })),
    []
  )
  const personalisation = usePersonalisation(answers, step === 'loader', next)

  const choose = (deck: Suggestion) => {
    if (props.isPremium) return startDeck(deck.id)
    setChosen(deck)
    next()
  }
  const Question = QUESTIONS[step]
  return (
    <div className="onboarding card" data-step={step}>
      <Head title={t('onboarding.page_title')} />
      <header className="onboarding-top">
        <button
          type="button"
          className="button ghost small"
          onClick={() => setIndex((i) => i - 1)}
          disabled={index === 0 || step === 'loader'}
        >
          {t('onboarding.back')}
        </button>
        <progress max={steps.length - 1} value={index} aria-label={t('onboarding.progress')} />
        <button type="button" className="button ghost small" onClick={skipOnboarding}>
          {t('onboarding.skip')}
        </button>
      </header>
      {Question && (
        <Question
          answers={answers}
          answer={answer}
          next={next}
          subjects={props.subjects}
          exams={props.exams}
        />
      )}
      {step === 'loader' && (
        <LoaderStep failed={personalisation.failed} onRetry={personalisation.retry} />
      )}
      {step === 'explain' && <ExplainStep next={next} />}
      {step === 'suggestions' && (
        <SuggestionsStep
          decks={personalisation.decks ?? []}
          aiExampleUrl={props.aiExampleUrl}
          onChoose={choose}
        />
      )}
      {step === 'paywall' && chosen && (
        <PaywallStep offer={props.paywall} onContinue={() => startDeck(chosen.id)} />
      )}
    </div>
  )
}
