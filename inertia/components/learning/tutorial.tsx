import { useT } from '~/lib/i18n'
import { LearnModal } from '~/components/learning/modal'
import type { Data } from '~generated/data'

type AlgorithmType = Data.LearningBatch['algorithmType']

/** The keys of the learning page, for the tutorial and the shortcuts list. */
function ShortcutList({ algorithm }: { algorithm: AlgorithmType }) {
  const t = useT()
  const keys = [
    { key: t('learn.keys.space_key'), text: t('learn.keys.space') },
    {
      key: algorithm === 'speedLearning' ? '1–2' : '1–4',
      text: algorithm === 'speedLearning' ? t('learn.keys.numbers_speed') : t('learn.keys.numbers'),
    },
    { key: 'Z', text: t('learn.keys.undo') },
    { key: 'T', text: t('learn.keys.type_in') },
    { key: t('learn.keys.escape_key'), text: t('learn.keys.escape') },
    { key: 'E', text: t('learn.keys.edit') },
    { key: 'Ctrl+1–7', text: t('learn.keys.flag') },
    { key: '-', text: t('learn.keys.bury') },
    { key: t('learn.keys.enter_key'), text: t('learn.keys.enter') },
  ]
  return (
    <dl className="learn-shortcuts">
      {keys.map((item) => (
        <div key={item.key}>
          <dt>
            <kbd>{item.key}</kbd>
          </dt>
          <dd>{item.text}</dd>
        </div>
      ))}
    </dl>
  )
}

/** Shown once per account, before the first card: how a card is studied and the keys. */
export function Tutorial({
  algorithm,
  onClose,
}: {
  algorithm: AlgorithmType
  onClose: () => void
}) {
  const t = useT()
  return (
    <LearnModal
      title={t('learn.tutorial.title')}
      onClose={onClose}
      wide
      actions={
        <button type="button" className="button primary" onClick={onClose}>
          {t('learn.tutorial.start')}
        </button>
      }
    >
      <ol className="learn-tutorial-steps">
        <li>{t('learn.tutorial.recall')}</li>
        <li>
          {algorithm === 'speedLearning'
            ? t('learn.tutorial.rate_speed')
            : t('learn.tutorial.rate')}
        </li>
        <li>{t('learn.tutorial.tools')}</li>
      </ol>
      {/* a touch screen has no keys to learn (learning.css) */}
      <div className="keyboard-only">
        <h3>{t('learn.tutorial.shortcuts')}</h3>
        <ShortcutList algorithm={algorithm} />
      </div>
    </LearnModal>
  )
}
