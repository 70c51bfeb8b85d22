import { useState } from 'react'
import { useT } from '~/lib/i18n'
import { Choice, Step } from './choice'
import {
  AGE_RANGES,
  FOCUSES,
  FORGET_RATES,
  GOALS,
  LEVELS,
  MINUTES,
  NATIVE_LANGUAGES,
  REASONS,
  STUDY_HABITS,
  STUDY_TIMES,
  TARGET_LANGUAGES,
  type Answers,
} from './answers'
import type { Data } from '~generated/data'

type Subject = Data.SubjectList['subjects'][number]
type Named = Data.SubjectList['exams'][number]

export type QuestionProps = {
  answers: Answers
  answer: (changes: Answers) => void
  next: () => void
  subjects: Subject[]
  exams: Named[]
}

/* a choice answers and moves on */
const choose = (props: QuestionProps, changes: Answers) => {
  props.answer(changes)
  props.next()
}

export function AgeStep(props: QuestionProps) {
  const t = useT()
  return (
    <Choice
      title={t('onboarding.age.title')}
      hint={t('onboarding.age.hint')}
      options={AGE_RANGES}
      value={props.answers.ageRange}
      label={(o) => t(`onboarding.age.${o}`)}
      onChoose={(ageRange) => choose(props, { ageRange })}
    />
  )
}

export function IntroStep({ next }: QuestionProps) {
  const t = useT()
  return (
    <Step title={t('onboarding.intro.title')} hint={t('onboarding.intro.body')}>
      <button type="button" className="button primary large" onClick={next}>
        {t('onboarding.intro.start')}
      </button>
    </Step>
  )
}

export function ForgetStep(props: QuestionProps) {
  const t = useT()
  return (
    <Choice
      title={t('onboarding.forget.title')}
      options={FORGET_RATES}
      value={props.answers.forgetRate}
      label={(o) => t(`onboarding.forget.${o}`)}
      onChoose={(forgetRate) => choose(props, { forgetRate })}
    />
  )
}

export function HabitStep(props: QuestionProps) {
  const t = useT()
  return (
    <Choice
      title={t('onboarding.habit.title')}
      options={STUDY_HABITS}
      value={props.answers.studyHabit}
      label={(o) => t(`onboarding.habit.${o}`)}
      onChoose={(studyHabit) => choose(props, { studyHabit })}
    />
  )
}

export function GoalStep(props: QuestionProps) {
  const t = useT()
  return (
    <Choice
      title={t('onboarding.goal.title')}
      options={GOALS}
      value={props.answers.goal}
      label={(o) => t(`onboarding.goal.${o}`)}
      onChoose={(goal) => choose(props, { goal })}
    />
  )
}

export function LanguagesStep(props: QuestionProps) {
  const t = useT()
  return (
    <Step title={t('onboarding.languages.title')}>
      <label className="field">
        <span>{t('onboarding.languages.native')}</span>
        <select
          value={props.answers.nativeLanguageKey ?? ''}
          onChange={(event) => props.answer({ nativeLanguageKey: event.target.value || undefined })}
        >
          <option value="">—</option>
          {NATIVE_LANGUAGES.map((key) => (
            <option key={key} value={key}>
              {t(`onboarding.languages.native_${key}`)}
            </option>
          ))}
        </select>
      </label>
      <p className="onboarding-subtitle">{t('onboarding.languages.target')}</p>
      <div
        className="onboarding-options"
        role="group"
        aria-label={t('onboarding.languages.target')}
      >
        {TARGET_LANGUAGES.map((key) => (
          <button
            key={key}
            type="button"
            className="button onboarding-option"
            aria-pressed={props.answers.languageKey === key}
            onClick={() => choose(props, { languageKey: key })}
          >
            {t(`library.categories.languages.subs.${key}`)}
          </button>
        ))}
      </div>
    </Step>
  )
}

export function LevelStep(props: QuestionProps) {
  const t = useT()
  return (
    <Choice
      title={t('onboarding.level.title')}
      options={LEVELS}
      value={props.answers.languageLevel}
      label={(o) => t(`onboarding.level.${o}`)}
      onChoose={(languageLevel) => choose(props, { languageLevel })}
    />
  )
}

export function FocusStep(props: QuestionProps) {
  const t = useT()
  return (
    <Choice
      title={t('onboarding.focus.title')}
      options={FOCUSES}
      value={props.answers.languageFocus}
      label={(o) => t(`onboarding.focus.${o}`)}
      onChoose={(languageFocus) => choose(props, { languageFocus })}
    />
  )
}

export function ReasonStep(props: QuestionProps) {
  const t = useT()
  return (
    <Choice
      title={t('onboarding.reason.title')}
      options={REASONS}
      value={props.answers.reason}
      label={(o) => t(`onboarding.reason.${o}`)}
      onChoose={(reason) => choose(props, { reason })}
    />
  )
}

export function ExamStep(props: QuestionProps) {
  const t = useT()
  const [name, setName] = useState(props.answers.examName ?? '')
  const [date, setDate] = useState(props.answers.examDate ?? '')
  return (
    <Step title={t('onboarding.exam.title')} hint={t('onboarding.exam.hint')}>
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault()
          choose(props, { examName: name.trim() || undefined, examDate: date || undefined })
        }}
      >
        <label className="field">
          <span>{t('onboarding.exam.name')}</span>
          <input
            list="onboarding-exams"
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
          />
          <datalist id="onboarding-exams">
            {props.exams.map((exam) => (
              <option key={exam.key} value={exam.name} />
            ))}
          </datalist>
        </label>
        <label className="field">
          <span>{t('onboarding.exam.date')}</span>
          <input type="date" value={date} onChange={(event) => setDate(event.target.value)} />
        </label>
        <button type="submit" className="button primary">
          {t('onboarding.continue')}
        </button>
      </form>
    </Step>
  )
}

export function SubjectStep(props: QuestionProps) {
  const t = useT()
  const subject = props.subjects.find((s) => s.key === props.answers.materialKey)
  return (
    <Step title={t('onboarding.subject.title')}>
      <div className="onboarding-options" role="group" aria-label={t('onboarding.subject.title')}>
        {props.subjects.map((s) => (
          <button
            key={s.key}
            type="button"
            className="button onboarding-option"
            aria-pressed={s.key === subject?.key}
            onClick={() => props.answer({ materialKey: s.key, specificationKey: undefined })}
          >
            {s.name}
          </button>
        ))}
      </div>
      {subject && (
        <>
          <p className="onboarding-subtitle">{t('onboarding.subject.specification')}</p>
          <div
            className="onboarding-options"
            role="group"
            aria-label={t('onboarding.subject.specification')}
          >
            {subject.specifications.map((s) => (
              <button
                key={s.key}
                type="button"
                className="button onboarding-option"
                aria-pressed={props.answers.specificationKey === s.key}
                onClick={() => choose(props, { specificationKey: s.key })}
              >
                {s.name}
              </button>
            ))}
          </div>
        </>
      )}
      <button type="button" className="button ghost" onClick={props.next}>
        {t('onboarding.continue')}
      </button>
    </Step>
  )
}

export function MinutesStep(props: QuestionProps) {
  const t = useT()
  return (
    <Choice
      title={t('onboarding.minutes.title')}
      hint={t('onboarding.minutes.hint')}
      options={MINUTES}
      value={props.answers.minutesPerDay}
      label={(o) => t('onboarding.minutes.option', { count: o })}
      onChoose={(minutesPerDay) => choose(props, { minutesPerDay })}
    />
  )
}

export function WhenStep(props: QuestionProps) {
  const t = useT()
  const [time, setTime] = useState(props.answers.studyTime ?? '18:00')
  return (
    <Step title={t('onboarding.when.title')} hint={t('onboarding.when.hint')}>
      <div className="onboarding-options" role="group" aria-label={t('onboarding.when.title')}>
        {STUDY_TIMES.map((option, index) => (
          <button
            key={option}
            type="button"
            className="button onboarding-option"
            aria-pressed={time === option}
            onClick={() => choose(props, { studyTime: option })}
          >
            {t(`onboarding.when.option_${index}`, { time: option })}
          </button>
        ))}
      </div>
      <form
        className="onboarding-inline"
        onSubmit={(event) => {
          event.preventDefault()
          choose(props, { studyTime: time })
        }}
      >
        <label className="field">
          <span>{t('onboarding.when.custom')}</span>
          <input
            type="time"
            value={time}
            onChange={(event) => setTime(event.target.value)}
            required
          />
        </label>
        <button type="submit" className="button">
          {t('onboarding.continue')}
        </button>
      </form>
    </Step>
  )
}

export function RemindersStep(props: QuestionProps) {
  const t = useT()
  return (
    <Step title={t('onboarding.reminders.title')} hint={t('onboarding.reminders.body')}>
      <button
        type="button"
        className="button primary large"
        onClick={() => choose(props, { remindersEnabled: true })}
      >
        {t('onboarding.reminders.yes')}
      </button>
      <button
        type="button"
        className="button ghost"
        onClick={() => choose(props, { remindersEnabled: false })}
      >
        {t('onboarding.reminders.no')}
      </button>
    </Step>
  )
}
