import { useId, useRef, type FormEvent, type ReactNode, type RefObject } from 'react'
import { useT } from '~/lib/i18n'
import { useModalFocus } from '~/lib/use_modal_focus'

type BackdropData = { [key: `data-${string}`]: string }

type FrameProps = {
  /** the classes of the box: `dialog` and its kind (`dialog canvas-dialog`), or a notice's `card stack` */
  className?: string
  role?: 'dialog' | 'alertdialog'
  /**
   * With it, the dialog owns the keyboard: the first match of `initialFocus`
   * is focused, Esc calls it, and the focus goes back where it was on close.
   * Without it, the caller does (the card editor's own keys), or nothing
   * closes it but its own button (the modal notices).
   */
  onClose?: () => void
  initialFocus?: string
  /** a click on the backdrop (not the box) closes too */
  backdropClose?: boolean
  describedBy?: string
  /** attributes of the backdrop that tests and styles find it by */
  backdrop?: BackdropData
  /** the box as a <form>: submitting it calls `onSubmit` (the default submit is prevented) */
  onSubmit?: () => void
  noValidate?: boolean
  /** the row of buttons at the bottom */
  actions?: ReactNode
  children: ReactNode
} & (
  | {
      /** the heading that names the dialog, an <h2> at its top */ title: ReactNode
      labelledBy?: never
    }
  | { title?: never; /** the id of a heading the caller places itself */ labelledBy: string }
)

/**
 * The app's modal frame: a backdrop, the box (aria-modal, named by its
 * heading), its content, and its actions. Every dialog and modal notice is
 * built on it.
 */
export function DialogFrame(props: FrameProps) {
  const {
    className = 'dialog',
    role = 'dialog',
    onClose,
    initialFocus = 'button',
    backdropClose,
    onSubmit,
    actions,
  } = props
  const generated = useId()
  const titleId = props.labelledBy ?? generated
  const box = useRef<HTMLElement>(null)
  useModalFocus(box, initialFocus, onClose)

  const boxProps = {
    className,
    role,
    'aria-modal': true,
    'aria-labelledby': titleId,
    'aria-describedby': props.describedBy,
  }
  const content = (
    <>
      {props.title !== undefined && <h2 id={titleId}>{props.title}</h2>}
      {props.children}
      {actions && <div className="dialog-actions">{actions}</div>}
    </>
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit?.()
  }
  return (
    <div
      className="dialog-backdrop"
      {...props.backdrop}
      onMouseDown={(event) => backdropClose && event.target === event.currentTarget && onClose?.()}
    >
      {onSubmit ? (
        <form
          ref={box as RefObject<HTMLFormElement>}
          {...boxProps}
          noValidate={props.noValidate}
          onSubmit={submit}
        >
          {content}
        </form>
      ) : (
        <div ref={box as RefObject<HTMLDivElement>} {...boxProps}>
          {content}
        </div>
      )}
    </div>
  )
}

/**
 * A form in the dialog frame, for choices the one-input alert cannot hold
 * (colors, pickers): Cancel and a submit button. Esc cancels; the focus goes
 * back where it was.
 */
export function Dialog({
  title,
  submitLabel,
  danger,
  disabled,
  onSubmit,
  onClose,
  children,
}: {
  title: string
  submitLabel: string
  danger?: boolean
  disabled?: boolean
  onSubmit: () => void
  onClose: () => void
  children: ReactNode
}) {
  const t = useT()
  return (
    <DialogFrame
      className="dialog dialog-fit"
      title={title}
      onClose={onClose}
      initialFocus="input:not(:disabled), select, button:not(:disabled)"
      onSubmit={() => !disabled && onSubmit()}
      actions={
        <>
          <button type="button" className="button ghost" onClick={onClose}>
            {t('dialog.cancel')}
          </button>
          <button
            type="submit"
            className={`button ${danger ? 'danger' : 'primary'}`}
            disabled={disabled}
          >
            {submitLabel}
          </button>
        </>
      }
    >
      <div className="dialog-body">{children}</div>
    </DialogFrame>
  )
}
