import type { InputHTMLAttributes } from 'react'

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string
  name: string
  error?: string
}

/** A labelled input with its server-side error under it. */
export function Field({ label, name, error, ...input }: FieldProps) {
  return (
    <label className="field">
      <span>{label}</span>
      <input
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
        {...input}
      />
      {error && (
        <small className="field-error" id={`${name}-error`} role="alert">
          {error}
        </small>
      )}
    </label>
  )
}

/*
 * vine's `confirmed` rule checks `password_confirmation` beside the password
 * and reports a mismatch on it; a validator's output (the route's body type,
 * which types a <Form>) leaves that field out. These two name it anyway.
 */
export const confirmationError = (errors: object) =>
  (errors as { password_confirmation?: string }).password_confirmation
/** the fields typed again after an answer: the new password and its confirmation */
export const PASSWORD_FIELDS = ['password', 'password_confirmation'] as 'password'[]
