import {
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
} from 'react'

const CloseMenu = createContext<() => void>(() => {})

/**
 * A button that opens a list of actions: reachable with Tab, arrows move
 * between items, Esc closes and gives the focus back to the button. Items
 * given as a function are made only when the menu opens: a list of many
 * rows, each with its menu, renders none of their items.
 */
export function Menu({
  label,
  icon = '⋯',
  children,
}: {
  label: string
  icon?: ReactNode
  children: ReactNode | (() => ReactNode)
}) {
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const id = useId()

  const items = () => [
    ...(root.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not(:disabled)') ??
      []),
  ]
  const close = (focusButton = false) => {
    setOpen(false)
    if (focusButton) button.current?.focus()
  }

  useEffect(() => {
    if (!open) return
    items()[0]?.focus()
    const outside = (event: MouseEvent) =>
      root.current && !root.current.contains(event.target as Node) && setOpen(false)
    document.addEventListener('mousedown', outside)
    return () => document.removeEventListener('mousedown', outside)
  }, [open])

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (!open) return
    const list = items()
    const index = list.indexOf(document.activeElement as HTMLButtonElement)
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      close(true)
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      list[(index + step + list.length) % list.length]?.focus()
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault()
      list[event.key === 'Home' ? 0 : list.length - 1]?.focus()
    }
  }

  return (
    <div
      className="menu"
      ref={root}
      onKeyDown={onKeyDown}
      onBlur={(event) =>
        open && !root.current?.contains(event.relatedTarget as Node) && setOpen(false)
      }
    >
      <button
        ref={button}
        type="button"
        className="icon-button menu-button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)}
      >
        {icon}
      </button>
      {open && (
        <div className="menu-items" role="menu" id={id} aria-label={label}>
          <CloseMenu.Provider value={() => close(true)}>
            {typeof children === 'function' ? children() : children}
          </CloseMenu.Provider>
        </div>
      )}
    </div>
  )
}

export function MenuItem({
  onSelect,
  danger,
  disabled,
  children,
}: {
  onSelect: () => void
  danger?: boolean
  disabled?: boolean
  children: ReactNode
}) {
  const close = useContext(CloseMenu)
  return (
    <button
      type="button"
      role="menuitem"
      className={`menu-item${danger ? ' danger' : ''}`}
      disabled={disabled}
      onClick={() => {
        close()
        onSelect()
      }}
    >
      {children}
    </button>
  )
}

export function MenuSeparator() {
  return <hr className="menu-separator" role="separator" />
}
