import { useRef, useState, type ReactNode } from 'react'

const TOOLTIP_DELAY = 700

/** A label, and its keyboard shortcut, shown after 700 ms of hover or on focus. */
export function Tooltip({
  label,
  shortcut,
  children,
}: {
  label: string
  shortcut?: string
  children: ReactNode
}) {
  const [visible, setVisible] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const show = () => {
    timer.current = setTimeout(() => setVisible(true), TOOLTIP_DELAY)
  }
  const hide = () => {
    clearTimeout(timer.current)
    setVisible(false)
  }
  return (
    <span
      className="tooltip-anchor"
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
    >
      {children}
      {visible && (
        <span role="tooltip" className="tooltip">
          {label}
          {shortcut && <kbd>{shortcut}</kbd>}
        </span>
      )}
    </span>
  )
}
