import { useT } from '~/lib/i18n'
import type { Data } from '~generated/data'

type AnswerButton = Data.LearningCard['answerButtons'][number]

/** The four (spaced repetition) or two (speed learning) answers, each with its key and when the card comes back. */
export function AnswerButtons({
  buttons,
  onAnswer,
}: {
  buttons: AnswerButton[]
  onAnswer: (type: AnswerButton['type']) => void
}) {
  const t = useT()
  return (
    <div
      className={`learn-answers learn-answers-${buttons.length}`}
      role="group"
      aria-label={t('learn.answers.label')}
    >
      {buttons.map((button, index) => (
        <button
          key={button.type}
          type="button"
          className={`button learn-answer learn-answer-${button.type}`}
          aria-keyshortcuts={String(index + 1)}
          onClick={() => onAnswer(button.type)}
        >
          <span className="learn-answer-label">{t(`learn.answers.${button.type}`)}</span>
          {button.repeatText && <span className="learn-answer-repeat">{button.repeatText}</span>}
          <kbd aria-hidden="true">{index + 1}</kbd>
        </button>
      ))}
    </div>
  )
}
