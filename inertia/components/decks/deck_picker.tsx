import type { CSSProperties, ReactNode } from 'react'
import { childrenOf } from '~/components/decks/home_context'
import '~/css/decks.css'
import type { Data } from '~generated/data'

type PickerDeck = Data.Deck.Variants['forPicker']

export type PickerChoice = {
  value: string
  label: ReactNode
  depth?: number
  disabled?: boolean
  hint?: string
}

/**
 * Every deck, subdecks under their parent (siblings by position), as choices; `reason` says why one cannot be
 * picked.
 */
export function deckChoices(decks: PickerDeck[], reason: (deck: PickerDeck) => string | null) {
  const children = childrenOf(decks)
  const choices: PickerChoice[] = []
  const walk = (parent: number | null, depth: number) => {
    for (const deck of children.get(parent) ?? []) {
      const hint = reason(deck)
      choices.push({
        value: `deck:${deck.id}`,
        label: deck.name,
        depth,
        disabled: Boolean(hint),
        hint: hint ?? undefined,
      })
      walk(deck.id, depth + 1)
    }
  }
  walk(null, 0)
  return choices
}

/** A radio list in a scrolling box: keyboard users move with the arrows, as in any radio group. */
export function Picker({
  name,
  legend,
  choices,
  value,
  onChange,
}: {
  name: string
  legend: string
  choices: PickerChoice[]
  value: string | null
  onChange: (value: string) => void
}) {
  return (
    <fieldset className="picker">
      <legend>{legend}</legend>
      <div className="picker-options">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={`picker-option${choice.disabled ? ' disabled' : ''}`}
            style={{ '--depth': choice.depth ?? 0 } as CSSProperties}
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              disabled={choice.disabled}
              onChange={() => onChange(choice.value)}
            />
            <span className="picker-label">{choice.label}</span>
            {choice.hint && <small className="muted">{choice.hint}</small>}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
