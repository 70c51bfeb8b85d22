/* The algorithm dialog's sections: a named preset's values, the custom tuning, smart scheduling. */
import { useId, type CSSProperties, type ReactNode } from 'react'
import { useT } from '~/lib/i18n'
import { useShared } from '~/lib/shared'
import {
  MINUTES_PER_DAY,
  type AlgorithmForm,
  type AlgorithmSheet,
} from '~/components/decks/use_algorithm_form'

type InputProps = { 'id': string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }

const valueList: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: '0.3rem 1rem',
  margin: 0,
}

/** A labelled input whose hint and error describe it without being part of its name. */
function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string
  hint?: string
  error?: string
  children: (input: InputProps) => ReactNode
}) {
  const id = useId()
  const described =
    [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-describedby': described, 'aria-invalid': error ? true : undefined })}
      {hint && (
        <small id={`${id}-hint`} className="muted">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} className="field-error">
          {error}
        </small>
      )}
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

/** The values in the learner's words: percents, factors, durations, "no limit". */
function useValueFormats() {
  const t = useT()
  const { locale } = useShared()
  const duration = (minutes: number) => {
    if (minutes >= MINUTES_PER_DAY && minutes % MINUTES_PER_DAY === 0)
      return t('algorithm.units.days', { count: minutes / MINUTES_PER_DAY })
    if (minutes >= 60 && minutes % 60 === 0)
      return t('algorithm.units.hours', { count: minutes / 60 })
    return t('algorithm.units.minutes', { count: minutes })
  }
  return {
    percent: (value: number) =>
      new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value),
    factor: (value: number) =>
      `×${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value)}`,
    steps: (text: string) =>
      text
        .split(' ')
        .filter(Boolean)
        .map((minutes) => duration(Number(minutes)))
        .join(', '),
    /* the schedulers' ceiling of 100 years is no maximum to a learner */
    maxInterval: (days: number) =>
      days >= 36500 ? t('algorithm.values.no_limit') : t('algorithm.units.days', { count: days }),
    perDay: (value: number | null) =>
      value === null ? t('algorithm.values.no_limit') : String(value),
  }
}

/** A named preset's documented values, read-only (speed learning has none to show). */
export function PresetValues({ algorithm }: { algorithm: AlgorithmForm }) {
  const t = useT()
  const format = useValueFormats()
  const { preset, spaced, smart } = algorithm
  return (
    <section aria-labelledby="algorithm-values">
      <h3 id="algorithm-values" style={{ fontSize: '0.9rem', margin: '0 0 0.4rem' }}>
        {t('algorithm.values.legend')}
      </h3>
      {spaced ? (
        <dl style={valueList}>
          <Value label={t('algorithm.values.steps')}>{format.steps(preset.stepsInMinutes)}</Value>
          <Value label={t('algorithm.values.relearning_steps')}>
            {format.steps(preset.relearningStepsInMinutes)}
          </Value>
          {!smart && (
            <>
              <Value label={t('algorithm.values.graduating')}>
                {t('algorithm.units.days', { count: preset.graduatingIntervalDays })}
              </Value>
              <Value label={t('algorithm.values.easy_interval')}>
                {t('algorithm.units.days', { count: preset.easyIntervalDays })}
              </Value>
              <Value label={t('algorithm.values.easy_bonus')}>
                {format.factor(preset.easyBonus)}
              </Value>
              <Value label={t('algorithm.values.interval_modifier')}>
                {format.percent(preset.intervalModifier)}
              </Value>
            </>
          )}
          <Value label={t('algorithm.values.max_interval')}>
            {format.maxInterval(preset.maxIntervalDays)}
          </Value>
          {smart && (
            <Value label={t('algorithm.values.retention')}>
              {format.percent(preset.desiredRetention)}
            </Value>
          )}
          <Value label={t('algorithm.values.new_per_day')}>
            {format.perDay(preset.newCardsPerDay)}
          </Value>
          <Value label={t('algorithm.values.max_per_day')}>
            {format.perDay(preset.maxCardsPerDay)}
          </Value>
        </dl>
      ) : (
        <p className="muted">{t('algorithm.values.speed')}</p>
      )}
      {spaced && (
        <p className="muted" style={{ marginTop: '0.4rem' }}>
          <small>{t('algorithm.values.limits_note')}</small>
        </p>
      )}
    </section>
  )
}

/**
 * The custom preset's tuning: learning steps, and (without smart scheduling) the SM-2 factors, the longest
 * interval.
 */
export function CustomTuning({
  algorithm,
  sheet,
  editable,
}: {
  algorithm: AlgorithmForm
  sheet: AlgorithmSheet
  editable: boolean
}) {
  const t = useT()
  const format = useValueFormats()
  const { form, data, errors, smart } = algorithm
  return (
    <fieldset className="stack" disabled={!editable} style={{ gap: '0.75rem' }}>
      <legend>{t('algorithm.custom.legend')}</legend>
      <Field
        label={t('algorithm.custom.steps')}
        hint={t('algorithm.custom.steps_hint')}
        error={errors.steps_in_minutes}
      >
        {(props) => (
          <input
            {...props}
            name="steps_in_minutes"
            value={data.steps}
            maxLength={100}
            required
            onChange={(event) => form.setData('steps', event.target.value)}
          />
        )}
      </Field>
      {!smart && (
        <>
          <Field
            label={t('algorithm.custom.easy_bonus')}
            hint={t('algorithm.custom.easy_bonus_hint', {
              value: format.factor(sheet.presets.custom.easyBonus),
            })}
            error={errors.easy_bonus_percent}
          >
            {(props) => (
              <input
                {...props}
                name="easy_bonus_percent"
                type="number"
                min={-50}
                max={200}
                step={1}
                value={data.easyBonus}
                onChange={(event) => form.setData('easyBonus', event.target.value)}
              />
            )}
          </Field>
          <Field
            label={t('algorithm.custom.interval_modifier')}
            hint={t('algorithm.custom.interval_modifier_hint')}
            error={errors.interval_modifier_percent}
          >
            {(props) => (
              <input
                {...props}
                name="interval_modifier_percent"
                type="number"
                min={-50}
                max={200}
                step={1}
                value={data.intervalModifier}
                onChange={(event) => form.setData('intervalModifier', event.target.value)}
              />
            )}
          </Field>
        </>
      )}
      <Field
        label={t('algorithm.custom.max_interval')}
        hint={t('algorithm.custom.max_interval_hint')}
        error={errors.max_interval_minutes}
      >
        {(props) => (
          <input
            {...props}
            name="max_interval_days"
            type="number"
            min={0}
            max={36500}
            step={1}
            inputMode="numeric"
            placeholder={t('algorithm.values.no_limit')}
            value={data.maxIntervalDays}
            onChange={(event) => form.setData('maxIntervalDays', event.target.value)}
          />
        )}
      </Field>
    </fieldset>
  )
}

/** Smart scheduling (FSRS), a premium switch; the custom preset also sets the retention it aims at. */
export function SmartScheduling({
  algorithm,
  editable,
}: {
  algorithm: AlgorithmForm
  editable: boolean
}) {
  const t = useT()
  const { form, data, errors, premium, custom, smart } = algorithm
  return (
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
        <Field
          label={t('algorithm.smart.retention')}
          hint={t('algorithm.smart.retention_hint')}
          error={errors.desired_retention}
        >
          {(props) => (
            <input
              {...props}
              name="desired_retention"
              type="number"
              min={70}
              max={99}
              step={1}
              required
              value={data.retention}
              onChange={(event) => form.setData('retention', event.target.value)}
            />
          )}
        </Field>
      )}
    </fieldset>
  )
}
