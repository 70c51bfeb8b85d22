import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Tooltip } from '~/components/ui/tooltip'

type ToolButtonProps = {
  label: string
  /** as written for useShortcut(): "Mod+B" */
  shortcut?: string
  active?: boolean
  /** greyed out but still focusable, so its tooltip can say why */
  disabled?: boolean
  onClick: () => void
  children: ReactNode
}

/**
 * A square toolbar button with its tooltip. Pressing it keeps the focus
 * (and the selection) in the editor.
 */
export function ToolButton({
  label,
  shortcut,
  active,
  disabled,
  onClick,
  children,
}: ToolButtonProps) {
  return (
    <Tooltip label={label} shortcut={shortcut}>
      <button
        type="button"
        className={`tool${active ? ' active' : ''}`}
        aria-label={label}
        aria-pressed={active === undefined ? undefined : active}
        aria-disabled={disabled || undefined}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => !disabled && onClick()}
      >
        {children}
      </button>
    </Tooltip>
  )
}

type ToolMenuProps = {
  label: string
  shortcut?: string
  active?: boolean
  disabled?: boolean
  icon: ReactNode
  items: {
    key: string
    label: ReactNode
    title: string
    selected?: boolean
    onSelect: () => void
  }[]
}

/** A toolbar button opening a small list of choices (colours, heading levels). */
export function ToolMenu({ label, shortcut, active, disabled, icon, items }: ToolMenuProps) {
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLSpanElement>(null)

  useEffect(() => {
    if (!open) return
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !root.current?.contains(event.target as Node)
      )
        setOpen(false)
    }
    document.addEventListener('pointerdown', close)
    document.addEventListener('keydown', close)
    return () => {
      document.removeEventListener('pointerdown', close)
      document.removeEventListener('keydown', close)
    }
  }, [open])

  return (
    <span className="tool-menu" ref={root}>
      <ToolButton
        label={label}
        shortcut={shortcut}
        active={active}
        disabled={disabled}
        onClick={() => setOpen(!open)}
      >
        {icon}
      </ToolButton>
      {open && (
        <span className="tool-menu-items" role="menu" aria-label={label}>
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role="menuitemradio"
              aria-checked={item.selected ?? false}
              aria-label={item.title}
              title={item.title}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                item.onSelect()
                setOpen(false)
              }}
            >
              {item.label}
            </button>
          ))}
        </span>
      )}
    </span>
  )
}
