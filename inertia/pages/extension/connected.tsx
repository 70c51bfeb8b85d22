import { useEffect, useState } from 'react'
import { Head } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { requestJson } from '~/lib/http'
import { urlFor } from '~/lib/routes'
import { useHydrated } from '~/lib/use_hydrated'

type State = 'connecting' | 'connected' | 'no_opener' | 'not_configured' | 'failed'

/** The end of the browser extension's sign-in: the token goes to the extension's window, then this one may close. */
export default function ExtensionConnected({ origin }: { origin: string | null }) {
  const t = useT()
  const [answer, setAnswer] = useState<State>(origin ? 'connecting' : 'not_configured')
  /* no extension window to send to: known in the browser only, once hydrated */
  const hydrated = useHydrated()
  const state = origin && hydrated && !window.opener ? 'no_opener' : answer
  useEffect(() => {
    if (!origin) return
    const opener = window.opener as Window | null
    if (!opener) return
    requestJson<{ token: string }>(urlFor('extension.token'), { method: 'POST', json: {} }).then(
      ({ token }) => {
        /* only a window of the extension's origin receives it */
        opener.postMessage({ type: 'mnemo:extension-token', token }, origin)
        setAnswer('connected')
      },
      () => setAnswer('failed')
    )
  }, [origin])
  return (
    <div className="card stack" data-extension-state={state}>
      <Head title={t('extension.title')} />
      <h1>{t('extension.title')}</h1>
      <p role="status">{t(`extension.${state}`)}</p>
      {state === 'connected' && (
        <button type="button" className="button" onClick={() => window.close()}>
          {t('extension.close')}
        </button>
      )}
    </div>
  )
}
