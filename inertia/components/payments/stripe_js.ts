/*
 * Stripe.js, loaded from js.stripe.com once; null when it cannot load (offline, blocked) or there is no
 * publishable key.
 */
type StripeJs = any

let loading: Promise<StripeJs | null> | undefined

export function loadStripe(publishableKey: string | null): Promise<StripeJs | null> {
  if (!publishableKey || typeof window === 'undefined') return Promise.resolve(null)
  loading ??= new Promise((resolve) => {
    const existing = (window as any).Stripe
    if (existing) return resolve(existing(publishableKey))
    const script = document.createElement('script')
    script.src = 'https://js.stripe.com/v3'
    script.async = true
    script.onload = () =>
      resolve((window as any).Stripe ? (window as any).Stripe(publishableKey) : null)
    script.onerror = () => resolve(null)
    document.head.appendChild(script)
  })
  return loading
}
