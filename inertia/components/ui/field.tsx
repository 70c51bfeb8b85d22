import type { InputHTMLAttributes } from 'react'

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; name: string; error?: string }

/** A labelled input with its server-side error under it. */
export function Field({ label, name, error, ...input }: FieldProps) {
  return (
    <label className="field">
      <span>{label}</span>
      <input name={name} aria-invalid={error ? true : undefined} aria-describedby={error ? `${name}-error` : undefined} {...input} />
      {error && (
        <small className="field-error" id={`${name}-error`} role="alert">
          {error}
        </small>
      )}
    </label>
  )
}
