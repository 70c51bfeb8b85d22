import { useShared } from '~/lib/shared'

/**
 * The CSRF token as a hidden field, for a form that posts natively: before
 * the page's scripts run (a slow phone), or a real form on purpose. Shield
 * reads `_csrf` from the body; Inertia's own visits send the XSRF header.
 */
export function CsrfField() {
  const { csrfToken } = useShared()
  return csrfToken ? <input type="hidden" name="_csrf" value={csrfToken} /> : null
}
