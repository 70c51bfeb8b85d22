import { useLayoutEffect } from 'react'
import { useShared } from '~/lib/shared'
import { useInlineError } from '~/components/ui/toasts'

/**
 * The page-level error the server flashed (wrong password, too many attempts…),
 * by the form it is about. It is said here only: the flash toasts leave it out
 * (a layout effect, so it is claimed before their effect runs).
 */
export function FormError() {
  const { flash } = useShared()
  const inlineRef = useInlineError()
  useLayoutEffect(() => {
    if (flash.error) inlineRef.current = flash.id
  }, [flash.error, flash.id, inlineRef])
  if (!flash.error) return null
  return (
    <p className="form-error" role="alert">
      {flash.error}
    </p>
  )
}
