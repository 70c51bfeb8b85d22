import { useEffect, useId, useState, type CSSProperties, type ReactNode } from 'react'
import { useForm } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { useShared } from '~/lib/shared'
import { requestJson } from '~/lib/http'
import { Dialog } from '~/components/decks/dialog'
import { Picker } from '~/components/decks/deck_picker'
import { urlFor, type ReplyOf } from '~/lib/routes'
import '~/css/decks.css'

/** What GET /decks/:id/algorithm answers the dialog (a visit typed by hand is redirected instead). */
type AlgorithmSheet = Exclude<ReplyOf<'decks.algorithm.show'>, void>
type PresetName = AlgorithmSheet['algorithmPreset']
type InputProps = { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }

/* the spec's order: the everyday preset first, the learner's own last */
const PRESET_NAMES: PresetName[] = ['general', 'languages', 'medical', 'speed_learning', 'custom']
const MINUTES_PER_DAY = 1440

const valueList: CSSProperties = { display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '0.3rem 1rem', margin: 0 }

/** An empty number field means the server's default (undefined). */
const numberOrUndefined = (value: string) => (value.trim() === '' ? undefined : Number(value))

/**
 * A deck's algorithm: its preset, the custom tuning, smart scheduling. The
 * settings load as JSON when the dialog opens; saving is an Inertia visit,
 * which comes back with field errors or, for a switch between spaced
 * repetition and speed learning, with the question that resets progress.
 */
export function AlgorithmSettingsDialog({ deck, onClose }: { deck: { id: number; name: string }; onClose: () => void }) {
  const t = useT()
  const [sheet, setSheet] = useState<AlgorithmSheet | null>(null)
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    const controller = new AbortController()
    setFailed(false)
    requestJson<AlgorithmSheet>(urlFor('decks.algorithm.show', { id: deck.id }), { signal: controller.signal }).then(setSheet, (error: Error) => {
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

function AlgorithmForm({ deck, sheet, onClose }: { deck: { id: number; name: string }; sheet: AlgorithmSheet; onClose: () => void }) {
  const t = useT()
  const { user, locale } = useShared()
  const premium = Boolean(user?.isPremium)
  const editable = sheet.editable
  const form = useForm({
    preset: sheet.algorithmPreset,
    steps: sheet.stepsInMinutes,
    easyBonus: String(sheet.easyBonusPercent),
    intervalModifier: String(sheet.intervalModifierPercent),
    maxIntervalDays: sheet.maxIntervalMinutes ? String(Math.round(sheet.maxIntervalMinutes / MINUTES_PER_DAY)) : '',
    /* a free learner cannot keep smart scheduling: the switch shows what saving gives */
    smart: sheet.smartScheduling && premium,
    retention: String(Math.round(sheet.desiredRetention * 100)),
  })
  const { data } = form
  const errors = form.errors as Record<string, string | undefined>
  const preset = sheet.presets[data.preset]
  const custom = data.preset === 'custom'
  const spaced = preset.algorithmType === 'spacedRepetition'
  const smart = spaced && data.smart
  const switchesMode = preset.algorithmType !== sheet.algorithmType
  const asking = Boolean(errors.confirm_reset)

  /* in the radio group, the preset in use is the one to land on (the dialog focuses the first field) */
  useEffect(() => {
    if (asking) return
    const checked = document.querySelector<HTMLInputElement>('input[name="algorithm_preset"]:checked')
    if (checked && !checked.disabled) checked.focus()
    else checked?.closest('label')?.scrollIntoView({ block: 'nearest' })
  }, [asking])

  const submit = (confirmReset: boolean) => {
    form.transform((values) => {
      const days = numberOrUndefined(values.maxIntervalDays)
      return {
        algorithm_preset: values.preset,
        /* the tuning belongs to the custom preset only; the named ones keep their documented values */
        ...(custom && {
          steps_in_minutes: values.steps.trim(),
          easy_bonus_percent: numberOrUndefined(values.easyBonus) ?? 0,
          interval_modifier_percent: numberOrUndefined(values.intervalModifier) ?? 0,
          max_interval_minutes: days === undefined ? 0 : Math.round(days * MINUTES_PER_DAY),
        }),
        smart_scheduling: smart,
        ...(custom && smart && { desired_retention: Number(values.retention) / 100 }),
        confirm_reset: confirmReset,
      }
    })
    form.put(urlFor('decks.algorithm.update', { id: sheet.deckId }), { preserveScroll: true, preserveState: true, onSuccess: onClose })
  }

  if (asking) {
    /* the server's question: a switch between the two study modes starts the whole deck over */
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
        <p className="muted">{t('algorithm.confirm.to', { preset: t(`algorithm.presets.${data.preset}.name`) })}</p>
      </Dialog>
    )
  }

  const percent = (value: number) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value)
  const factor = (value: number) => `×${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value)}`
  const duration = (minutes: number) => {
    if (minutes >= MINUTES_PER_DAY && minutes % MINUTES_PER_DAY === 0) return t('algorithm.units.days', { count: minutes / MINUTES_PER_DAY })
    if (minutes >= 60 && minutes % 60 === 0) return t('algorithm.units.hours', { count: minutes / 60 })
    return t('algorithm.units.minutes', { count: minutes })
  }
  const steps = (text: string) => text.split(' ').filter(Boolean).map((minutes) => duration(Number(minutes))).join(', ')
  /* the schedulers' ceiling of 100 years is no maximum to a learner */
  const maxInterval = (days: number) => (days >= 36500 ? t('algorithm.values.no_limit') : t('algorithm.units.days', { count: days }))
  const perDay = (value: number | null) => (value === null ? t('algorithm.values.no_limit') : String(value))

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
    <Dialog
      key="form"
      title={t('algorithm.title', { name: deck.name })}
      submitLabel={t('algorithm.save')}
      disabled={!editable || form.processing}
      onSubmit={() => submit(false)}
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
      <Picker name="algorithm_preset" legend={t('algorithm.preset')} choices={choices} value={data.preset} onChange={(value) => form.setData('preset', value as PresetName)} />
      {errors.algorithm_preset && <small className="field-error">{errors.algorithm_preset}</small>}
      {editable && switchesMode && <p className="notice notice-danger">{t('algorithm.switch_warning')}</p>}

      {custom ? (
        <fieldset className="stack" disabled={!editable} style={{ gap: '0.75rem' }}>
          <legend>{t('algorithm.custom.legend')}</legend>
          <Field label={t('algorithm.custom.steps')} hint={t('algorithm.custom.steps_hint')} error={errors.steps_in_minutes}>
            {(props) => <input {...props} name="steps_in_minutes" value={data.steps} maxLength={100} required onChange={(event) => form.setData('steps', event.target.value)} />}
          </Field>
          {!smart && (
            <>
              <Field label={t('algorithm.custom.easy_bonus')} hint={t('algorithm.custom.easy_bonus_hint', { value: factor(sheet.presets.custom.easyBonus) })} error={errors.easy_bonus_percent}>
                {(props) => <input {...props} name="easy_bonus_percent" type="number" min={-50} max={200} step={1} value={data.easyBonus} onChange={(event) => form.setData('easyBonus', event.target.value)} />}
              </Field>
              <Field label={t('algorithm.custom.interval_modifier')} hint={t('algorithm.custom.interval_modifier_hint')} error={errors.interval_modifier_percent}>
                {(props) => <input {...props} name="interval_modifier_percent" type="number" min={-50} max={200} step={1} value={data.intervalModifier} onChange={(event) => form.setData('intervalModifier', event.target.value)} />}
              </Field>
            </>
          )}
          <Field label={t('algorithm.custom.max_interval')} hint={t('algorithm.custom.max_interval_hint')} error={errors.max_interval_minutes}>
            {(props) => <input {...props} name="max_interval_days" type="number" min={0} max={36500} step={1} inputMode="numeric" placeholder={t('algorithm.values.no_limit')} value={data.maxIntervalDays} onChange={(event) => form.setData('maxIntervalDays', event.target.value)} />}
          </Field>
        </fieldset>
      ) : (
        <section aria-labelledby="algorithm-values">
          <h3 id="algorithm-values" style={{ fontSize: '0.9rem', margin: '0 0 0.4rem' }}>
            {t('algorithm.values.legend')}
          </h3>
          {spaced ? (
            <dl style={valueList}>
              <Value label={t('algorithm.values.steps')}>{steps(preset.stepsInMinutes)}</Value>
              <Value label={t('algorithm.values.relearning_steps')}>{steps(preset.relearningStepsInMinutes)}</Value>
              {!smart && (
                <>
                  <Value label={t('algorithm.values.graduating')}>{t('algorithm.units.days', { count: preset.graduatingIntervalDays })}</Value>
                  <Value label={t('algorithm.values.easy_interval')}>{t('algorithm.units.days', { count: preset.easyIntervalDays })}</Value>
                  <Value label={t('algorithm.values.easy_bonus')}>{factor(preset.easyBonus)}</Value>
                  <Value label={t('algorithm.values.interval_modifier')}>{percent(preset.intervalModifier)}</Value>
                </>
              )}
              <Value label={t('algorithm.values.max_interval')}>{maxInterval(preset.maxIntervalDays)}</Value>
              {smart && <Value label={t('algorithm.values.retention')}>{percent(preset.desiredRetention)}</Value>}
              <Value label={t('algorithm.values.new_per_day')}>{perDay(preset.newCardsPerDay)}</Value>
              <Value label={t('algorithm.values.max_per_day')}>{perDay(preset.maxCardsPerDay)}</Value>
            </dl>
          ) : (
            <p className="muted">{t('algorithm.values.speed')}</p>
          )}
          {spaced && <p className="muted" style={{ marginTop: '0.4rem' }}><small>{t('algorithm.values.limits_note')}</small></p>}
        </section>
      )}

      {spaced && (
        <fieldset className="stack" disabled={!editable} style={{ gap: '0.5rem' }}>
          <legend>
            {t('algorithm.smart.legend')} <span className="badge">{t('algorithm.smart.premium')}</span>
          </legend>
          <label className="checkbox">
            <input
              type="checkbox"
              role="switch"
              name="smart_scheduling"
              checked={data.smart}
              disabled={!premium}
              aria-describedby="algorithm-smart-hint"
              onChange={(event) => form.setData('smart', event.target.checked)}
            />
            <span>{t('algorithm.smart.label')}</span>
          </label>
          <small id="algorithm-smart-hint" className="muted">
            {premium ? t('algorithm.smart.hint') : t('algorithm.smart.upgrade')}
          </small>
          {errors.smart_scheduling && <small className="field-error">{errors.smart_scheduling}</small>}
          {custom && smart && (
            <Field label={t('algorithm.smart.retention')} hint={t('algorithm.smart.retention_hint')} error={errors.desired_retention}>
              {(props) => <input {...props} name="desired_retention" type="number" min={70} max={99} step={1} required value={data.retention} onChange={(event) => form.setData('retention', event.target.value)} />}
            </Field>
          )}
        </fieldset>
      )}
    </Dialog>
  )
}

/** A labelled input whose hint and error describe it without being part of its name. */
function Field({ label, hint, error, children }: { label: string; hint?: string; error?: string; children: (input: InputProps) => ReactNode }) {
  const id = useId()
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-describedby': described, 'aria-invalid': error ? true : undefined })}
      {hint && <small id={`${id}-hint`} className="muted">{hint}</small>}
      {error && <small id={`${id}-error`} className="field-error">{error}</small>}
    </div>
  )
}

function Value({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="muted">{label}</dt>
      <dd style={{ margin: 0 }}>{children}</dd>
    </>
  )
}
