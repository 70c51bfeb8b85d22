import { Head } from '@inertiajs/react'
import { Form, Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { Field } from '~/components/ui/field'
import { FormError } from '~/components/ui/form_error'
import { CsrfField } from '~/components/ui/csrf_field'
import { SocialButtons, type SocialOptions } from '~/components/social_buttons'

export default function SignIn({
  social,
  sessionEnded,
}: {
  social: SocialOptions
  sessionEnded: boolean
}) {
  const t = useT()
  return (
    <div className="card narrow stack">
      <Head title={t('auth.sign_in_title')} />
      <h1>{t('auth.sign_in_title')}</h1>
      {sessionEnded && (
        <p role="status" className="notice" data-testid="session-ended">
          {t('auth.session_ended')}
        </p>
      )}
      <SocialButtons social={social} />
      <FormError />
      <Form route="auth.sign_in.store" resetOnError={['password']} resetOnSuccess={['password']}>
        {({ errors, processing }) => (
          <>
            <CsrfField />
            <Field
              label={t('auth.email')}
              name="email"
              type="email"
              autoComplete="username"
              error={errors.email}
              required
            />
            <Field
              label={t('auth.password')}
              name="password"
              type="password"
              autoComplete="current-password"
              error={errors.password}
              required
            />
            <button type="submit" className="button primary block" disabled={processing}>
              {t('auth.sign_in')}
            </button>
          </>
        )}
      </Form>
      <Link route="password.request">{t('auth.forgot_password')}</Link>
      <p className="muted">
        {t('auth.no_account')} <Link route="auth.start">{t('nav.get_started')}</Link>
      </p>
    </div>
  )
}
