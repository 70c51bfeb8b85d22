import { Flag } from 'lucide-react'
import { useT } from '~/lib/i18n'

/* Anki's flags 1-7 by colour; literal keys, so the catalogue test sees every one */
const FLAG_NAMES = [
  'cards.flags.1',
  'cards.flags.2',
  'cards.flags.3',
  'cards.flags.4',
  'cards.flags.5',
  'cards.flags.6',
  'cards.flags.7',
] as const

/** A card's flag as a coloured mark named for screen readers; nothing for no flag (0). */
export function FlagMarker({ flag, className }: { flag: number; className?: string }) {
  const t = useT()
  if (!flag) return null
  const label = t('cards.flags.marked', { colour: t(FLAG_NAMES[flag - 1]) })
  return (
    <span
      className={['card-flag', `card-flag-${flag}`, className].filter(Boolean).join(' ')}
      role="img"
      aria-label={label}
      title={label}
      data-flag={flag}
    >
      <Flag size="1em" aria-hidden="true" fill="currentColor" />
    </span>
  )
}

/** A choice of flag (or none), labelled for what it acts on. */
export function FlagSelect({
  value,
  label,
  noneLabel,
  onChange,
  keyShortcuts,
  placeholder,
}: {
  value: number | ''
  label: string
  noneLabel?: string
  onChange: (flag: number) => void
  keyShortcuts?: string
  placeholder?: string
}) {
  const t = useT()
  return (
    <select
      className="flag-select"
      aria-label={label}
      title={label}
      aria-keyshortcuts={keyShortcuts}
      value={value}
      onChange={(event) => {
        if (event.target.value !== '') onChange(Number(event.target.value))
      }}
    >
      {placeholder !== undefined && (
        <option value="" disabled>
          {placeholder}
        </option>
      )}
      <option value={0}>{noneLabel ?? t('cards.flags.none')}</option>
      {FLAG_NAMES.map((name, index) => (
        <option key={name} value={index + 1}>
          {`${t(name)} (Ctrl+${index + 1})`}
        </option>
      ))}
    </select>
  )
}
