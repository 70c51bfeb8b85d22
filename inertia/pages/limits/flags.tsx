import { useState } from 'react'
import { Head, router } from '@inertiajs/react'
import { useT } from '~/lib/i18n'

type Flag = { name: string; kind: string; value: any }

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
  if (flag.kind === 'json') return JSON.stringify(flag.value)
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

function FlagRow({ flag }: { flag: Flag }) {
  const t = useT()
  const [text, setText] = useState(initial(flag))
  const [invalid, setInvalid] = useState(false)
  const save = () => {
    const value = parsed(flag.kind, text)
    setInvalid(value === undefined)
    if (value !== undefined) router.put(`/admin/flags/${flag.name}`, { value: value as any }, { preserveScroll: true })
  }
  const id = `flag-${flag.name}`
  return (
    <tr data-flag={flag.name}>
      <td>
        <label htmlFor={id}>{flag.name}</label>
      </td>
      <td>
        {flag.kind === 'boolean' ? (
          <select id={id} value={text} onChange={(event) => setText(event.target.value)}>
            <option value="true">true</option>
            <option value="false">false</option>
          </select>
        ) : (
          <input id={id} type={flag.kind === 'integer' ? 'number' : 'text'} min={0} value={text} placeholder={t('limits.flags.null')} onChange={(event) => setText(event.target.value)} />
        )}
        {invalid && <span role="alert">{t('limits.flags.invalid_json')}</span>}
      </td>
      <td>
        <button type="button" className="button" onClick={save}>
          {t('limits.flags.save')}
        </button>
      </td>
    </tr>
  )
}
