import { useLayoutEffect, useRef, type ReactNode } from 'react'
import type { InertiaFormProps } from '@inertiajs/react'
import { useShared } from '~/lib/shared'

type Fields = Record<string, string>

/**
 * A form that works before React does. On a slow phone the server-rendered
 * form is on screen, and typed into, well before the page hydrates:
 *
 * - it is a real form (POST to `action`, with the CSRF token), so a submit
 *   before hydration posts it natively instead of putting the fields in the
 *   URL of a GET;
 * - when React takes over, what was typed is taken into the form's state:
 *   hydration leaves the typed text in the inputs but not in the state, and
 *   the next render of a controlled input would put the empty state back.
 *
 * Inputs are matched to the form's fields by their `name`.
 */
export function ServerForm<T extends Fields>({
  form,
  action,
  onSubmit,
  children,
}: {
  form: InertiaFormProps<T>
  action: string
  onSubmit: () => void
  children: ReactNode
}) {
  const ref = useRef<HTMLFormElement>(null)
  const { csrfToken } = useShared()

  /* a layout effect: right after hydration, before any re-render can reset an input */
  useLayoutEffect(() => {
    const typed: Partial<T> = {}
    for (const name of Object.keys(form.data) as (keyof T & string)[]) {
      const input = ref.current?.elements.namedItem(name)
      if (input instanceof HTMLInputElement && input.value !== form.data[name]) typed[name] = input.value as T[typeof name]
    }
    if (Object.keys(typed).length > 0) form.setData((data) => ({ ...data, ...typed }))
  }, [])

  return (
    <form
      ref={ref}
      method="post"
      action={action}
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      {csrfToken && <input type="hidden" name="_csrf" value={csrfToken} />}
      {children}
    </form>
  )
}
