import { useEffect, useState } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { requestJson } from '~/lib/http'
import { urlFor } from '~/lib/routes'
import { Dialog } from '~/components/ui/dialog'
import { Picker } from '~/components/decks/deck_picker'
import { CustomTuning, PresetValues, SmartScheduling } from '~/components/decks/algorithm_fields'
import { BuryingFields } from '~/components/decks/burying_fields'
import { SchedulingLink } from '~/components/decks/scheduling_link'
import {
  PRESET_NAMES,
  useAlgorithmForm,
  type AlgorithmForm as Algorithm,
  type AlgorithmSheet,
  type PresetName,
} from '~/components/decks/use_algorithm_form'
import '~/css/decks.css'

/**
 * A deck's algorithm: its preset, the custom tuning, smart scheduling. The
 * settings load as JSON when the dialog opens; saving is an Inertia visit,
 * which comes back with field errors or, for a switch between spaced
 * repetition and speed learning, with the question that resets progress.
 */
export function AlgorithmSettingsDialog({
  deck,
  onClose,
}: {
  deck: { id: number; name: string }
  onClose: () => void
}) {
  const t = useT()
  const [sheet, setSheet] = useState<AlgorithmSheet | null>(null)
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)
  /* each load (another deck, a retry) starts without the last one's failure */
  const load = `${deck.id}:${attempt}`
  const [loading, setLoading] = useState(load)
  if (loading !== load) {
    setLoading(load)
    setFailed(false)
  }

  useEffect(() => {
    const controller = new AbortController()
    requestJson<AlgorithmSheet>(urlFor('decks.algorithm.show', { id: deck.id }), {
      signal: controller.signal,
    }).then(setSheet, (error: Error) => {
      if (error.name !== 'AbortError') setFailed(true)
    })
    return () => controller.abort()
  }, [deck.id, attempt])

  if (!sheet) {
    return (
      <Dialog
        title={t('algorithm.title', { name: deck.name })}
        submitLabel={t('algorithm.retry')}
        disabled={!failed}
        onSubmit={() => setAttempt((count) => count + 1)}
        onClose={onClose}
      >
        <p className={failed ? 'form-error' : 'muted'} role="status">
          {failed ? t('algorithm.load_failed') : t('algorithm.loading')}
        </p>
      </Dialog>
    )
  }
  return <AlgorithmForm deck={deck} sheet={sheet} onClose={onClose} />
}

/** The server's question: a switch between the two study modes starts the whole deck over. */
function ResetQuestion({ algorithm }: { algorithm: Algorithm }) {
  const t = useT()
  const { form, data, submit } = algorithm
  return (
    <Dialog
      key="confirm"
      title={t('algorithm.confirm.title')}
      submitLabel={t('algorithm.confirm.submit')}
      danger
      disabled={form.processing}
      onSubmit={() => submit(true)}
      onClose={() => form.clearErrors('confirm_reset' as never)}
    >
      <p>{t('algorithm.confirm.body')}</p>
      <p className="muted">
        {t('algorithm.confirm.to', { preset: t(`algorithm.presets.${data.preset}.name`) })}
      </p>
    </Dialog>
  )
}

/** The presets, each with its description; a subdeck's are read-only (its main deck's apply). */
function PresetPicker({ algorithm, editable }: { algorithm: Algorithm; editable: boolean }) {
  const t = useT()
  const choices = PRESET_NAMES.map((name) => ({
    value: name,
    disabled: !editable,
    label: (
      <span style={{ display: 'flex', flexDirection: 'column' }}>
        <strong>{t(`algorithm.presets.${name}.name`)}</strong>
        <small className="muted">{t(`algorithm.presets.${name}.description`)}</small>
      </span>
    ),
  }))
  return (
    <Picker
      name="algorithm_preset"
      legend={t('algorithm.preset')}
      choices={choices}
      value={algorithm.data.preset}
      onChange={(value) => algorithm.form.setData('preset', value as PresetName)}
    />
  )
}

function AlgorithmForm({
  deck,
  sheet,
  onClose,
}: {
  deck: { id: number; name: string }
  sheet: AlgorithmSheet
  onClose: () => void
}) {
  const t = useT()
  const editable = sheet.editable
  const algorithm = useAlgorithmForm(sheet, onClose)
  const { form, errors, asking } = algorithm

  /* in the radio group, the preset in use is the one to land on (the dialog focuses the first field) */
  useEffect(() => {
    if (asking) return
    const checked = document.querySelector<HTMLInputElement>(
      'input[name="algorithm_preset"]:checked'
    )
    if (checked && !checked.disabled) checked.focus()
    else checked?.closest('label')?.scrollIntoView({ block: 'nearest' })
  }, [asking])

  if (asking) return <ResetQuestion algorithm={algorithm} />
  return (
    <Dialog
      key="form"
      title={t('algorithm.title', { name: deck.name })}
      submitLabel={t('algorithm.save')}
      disabled={!editable || form.processing}
      onSubmit={() => algorithm.submit(false)}
      onClose={onClose}
    >
      {!editable && (
        <p className="notice">
          {t('algorithm.subdeck.notice')}{' '}
          <Link route="decks.show" routeParams={{ id: sheet.rootDeckId }} onClick={onClose}>
            {t('algorithm.subdeck.link')}
          </Link>
        </p>
      )}
      <PresetPicker algorithm={algorithm} editable={editable} />
      {errors.algorithm_preset && <small className="field-error">{errors.algorithm_preset}</small>}
      {editable && algorithm.switchesMode && (
        <p className="notice notice-danger">{t('algorithm.switch_warning')}</p>
      )}
      {algorithm.custom ? (
        <CustomTuning algorithm={algorithm} sheet={sheet} editable={editable} />
      ) : (
        <PresetValues algorithm={algorithm} />
      )}
      {algorithm.spaced && <SmartScheduling algorithm={algorithm} editable={editable} />}
      {algorithm.spaced && <BuryingFields algorithm={algorithm} editable={editable} />}
      <SchedulingLink />
    </Dialog>
  )
}
