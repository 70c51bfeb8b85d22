import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'

/** Where Stripe sends the browser back: the payment's (or the trial's setup) outcome from redirect_status. */
export default function PaymentReturn({
  status,
}: {
  status: 'succeeded' | 'processing' | 'failed'
  kind: 'payment' | 'setup'
}) {
  const t = useT()
  return (
    <div className="card stack">
      <Head title={t('payments.return_title')} />
      {status === 'failed' ? (
        <div role="alert">
          <h1>{t('errors.something_wrong')}</h1>
          <p>{t('payments.failed_body')}</p>
        </div>
      ) : (
        <h1>{t(status === 'succeeded' ? 'payments.succeeded' : 'payments.processing')}</h1>
      )}
      <Link route="home" className="button">
        {t('payments.back')}
      </Link>
    </div>
  )
}
