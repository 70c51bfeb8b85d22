import { Head } from '@inertiajs/react'
import { Form, Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { CsrfField } from '~/components/ui/csrf_field'

type Props = {
  state: 'ask' | 'done' | 'expired'
  email: string | null
  requester: string | null
  token: string | null
  started: number
}

/**
 * The page behind the link mailed to an export address: who asked, and a
 * button that confirms (opening the link confirms nothing); then how many
 * exports started, or that the link no longer works.
 */
export default function ConfirmAddress({ state, email, requester, token, started }: Props) {
  const t = useT()
  if (state === 'expired') {
    return (
      <div className="card narrow stack">
        <Head title={t('exports.confirm.expired_title')} />
        <h1>{t('exports.confirm.expired_title')}</h1>
        <p className="muted">{t('exports.confirm.expired_body')}</p>
        <Link route="exports.index" className="button primary block">
          {t('exports.confirm.see_exports')}
        </Link>
      </div>
    )
  }
  if (state === 'done') {
    return (
      <div className="card narrow stack">
        <Head title={t('exports.confirm.done_title')} />
        <h1>{t('exports.confirm.done_title')}</h1>
        <p className="muted">{t('exports.confirm.done_body', { email, count: started })}</p>
      </div>
    )
  }
  return (
    <div className="card narrow stack">
      <Head title={t('exports.confirm.title')} />
      <h1>{t('exports.confirm.title')}</h1>
      <p>{t('exports.confirm.body', { requester, email })}</p>
      <p className="muted">{t('exports.confirm.ignore')}</p>
      <Form route="exports.confirm.store" routeParams={{ token: String(token) }}>
        {({ processing }) => (
          <>
            <CsrfField />
            <button type="submit" className="button primary block" disabled={processing}>
              {t('exports.confirm.button')}
            </button>
          </>
        )}
      </Form>
    </div>
  )
}
