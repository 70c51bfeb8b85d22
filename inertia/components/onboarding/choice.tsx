import type { ReactNode } from 'react'

/** One question: its title, and a button per answer (the chosen one pressed); choosing moves on. */
export function Choice<T extends string | number>({
  title,
  hint,
  options,
  value,
  label,
  onChoose,
}: {
  title: string
  hint?: string
  options: readonly T[]
  value: unknown
  label: (option: T) => string
  onChoose: (option: T) => void
}) {
  return (
    <Step title={title} hint={hint}>
      <div className="onboarding-options" role="group" aria-label={title}>
        {options.map((option) => (
          <button
            key={option}
            type="button"
            className="button onboarding-option"
            aria-pressed={value === option}
            onClick={() => onChoose(option)}
          >
            {label(option)}
          </button>
        ))}
      </div>
    </Step>
  )
}

/** A step's frame: its heading, an optional hint, its content. */
export function Step({
  title,
  hint,
  children,
}: {
  title: string
  hint?: string
  children: ReactNode
}) {
  return (
    <section className="onboarding-step stack" aria-labelledby="onboarding-title">
      <h1 id="onboarding-title">{title}</h1>
      {hint && <p className="muted">{hint}</p>}
      {children}
    </section>
  )
}
