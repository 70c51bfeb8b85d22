import { useEffect, useState } from 'react'
import { Head } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { requestJson } from '~/lib/http'
import { urlFor } from '~/lib/routes'

type State = 'connecting' | 'connected' | 'no_opener' | 'not_configured' | 'failed'

/** The end of the browser extension's sign-in: the token goes to the extension's window, then this one may close. */
export default function ExtensionConnected({ origin }: { origin: string | null }) {
  const t = useT()
  const [state, setState] = useState<State>(origin ? 'connecting' : 'not_configured')
  useEffect(() => {
    if (!origin) return
    const opener = window.opener as Window | null
    if (!opener) return setState('no_opener')
    requestJson<{ token: string }>(urlFor('extension.token'), { method: 'POST', json: {} }).then(
      ({ token }) => {
        /* only a window of the extension's origin receives it */
        opener.postMessage({ type: 'mnemo:extension-token', token }, origin)
        setState('connected')
      },
      () => setState('failed')
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
