import { useShared } from '~/lib/shared'

/** The page-level error the server flashed (wrong password, too many attempts…). */
export function FormError() {
  const { flash } = useShared()
  if (!flash.error) return null
  return (
    <p className="form-error" role="alert">
      {flash.error}
    </p>
  )
}
