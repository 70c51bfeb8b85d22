import { useState } from 'react'
import { Head, router } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { useShared } from '~/lib/shared'
import type { Data } from '~generated/data'

type Flag = Data.RemoteFlag

/** The admins' remote flags: one row per flag, an input of its kind, saved one at a time. */
export default function Flags({ flags }: { flags: Flag[] }) {
  const t = useT()
  return (
    <div className="card stack">
      <Head title={t('limits.flags.title')} />
      <h1>{t('limits.flags.title')}</h1>
      <table>
        <thead>
          <tr>
            <th>{t('limits.flags.name')}</th>
            <th>{t('limits.flags.value')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {flags.map((flag) => (
            <FlagRow key={flag.name} flag={flag} />
          ))}
        </tbody>
      </table>
    </div>
  )
}

function initial(flag: Flag) {
  if (flag.kind === 'json')
    return JSON.stringify(
      flag.value,
      null,
      Array.isArray(flag.value) && flag.value.length ? 2 : undefined
    )
  if (flag.kind === 'boolean') return flag.value ? 'true' : 'false'
  return flag.value === null ? '' : String(flag.value)
}

/** The typed value of the input, or undefined for JSON that does not parse. */
function parsed(kind: string, text: string): unknown {
  if (kind === 'integer') return Number(text)
  if (kind === 'boolean') return text === 'true'
  if (kind === 'timestamp') return text.trim() === '' ? null : text
  if (kind !== 'json') return text
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The flag's input: a list for a boolean, a text area for JSON, else one line. */
function FlagInput({
  flag,
  id,
  text,
  setText,
  error,
}: {
  flag: Flag
  id: string
  text: string
  setText: (text: string) => void
  error: string | null
}) {
  const t = useT()
  const described = error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {}
  if (flag.kind === 'boolean') {
    return (
      <select id={id} value={text} onChange={(event) => setText(event.target.value)}>
        <option value="true">true</option>
        <option value="false">false</option>
      </select>
    )
  }
  if (flag.kind === 'json') {
    return (
      <textarea
        id={id}
        rows={Math.min(12, text.split('\n').length)}
        cols={48}
        value={text}
        spellCheck={false}
        onChange={(event) => setText(event.target.value)}
        {...described}
      />
    )
  }
  return (
    <input
      id={id}
      type={flag.kind === 'integer' ? 'number' : 'text'}
      min={0}
      value={text}
      placeholder={t('limits.flags.null')}
      onChange={(event) => setText(event.target.value)}
      {...described}
    />
  )
}

function FlagRow({ flag }: { flag: Flag }) {
  const t = useT()
  const { errors } = useShared() as { errors: Record<string, string | undefined> }
  const [text, setText] = useState(initial(flag))
  const [invalid, setInvalid] = useState(false)
  const save = () => {
    const value = parsed(flag.kind, text)
    setInvalid(value === undefined)
    if (value !== undefined)
      router.put(
        `/admin/flags/${flag.name}`,
        { value: value as any },
        { preserveScroll: true, preserveState: true }
      )
  }
  const id = `flag-${flag.name}`
  /* the server's refusal (the catalogue's title: what is wrong, and where) */
  const error = invalid ? t('limits.flags.invalid_json') : (errors[flag.name] ?? null)
  return (
    <tr data-flag={flag.name}>
      <td>
        <label htmlFor={id}>{flag.name}</label>
      </td>
      <td>
        <FlagInput flag={flag} id={id} text={text} setText={setText} error={error} />
        {error && (
          <small className="field-error" id={`${id}-error`} role="alert">
            {error}
          </small>
        )}
      </td>
      <td>
        <button type="button" className="button" onClick={save}>
          {t('limits.flags.save')}
        </button>
      </td>
    </tr>
  )
}
