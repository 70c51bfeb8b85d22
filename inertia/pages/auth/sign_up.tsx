import { Head } from '@inertiajs/react'
import { Form, Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { confirmationError, Field, PASSWORD_FIELDS } from '~/components/ui/field'
import { FormError } from '~/components/ui/form_error'
import { CsrfField } from '~/components/ui/csrf_field'
import { SocialButtons, type SocialOptions } from '~/components/social_buttons'

export default function SignUp({ social }: { social: SocialOptions }) {
  const t = useT()
  return (
    <div className="card narrow stack">
      <Head title={t('auth.sign_up_title')} />
      <h1>{t('auth.sign_up_title')}</h1>
      <SocialButtons social={social} />
      <FormError />
      <Form
        route="auth.sign_up.store"
        resetOnError={PASSWORD_FIELDS}
        resetOnSuccess={PASSWORD_FIELDS}
      >
        {({ errors, processing }) => (
          <>
            <CsrfField />
            <Field
              label={t('auth.name')}
              name="name"
              autoComplete="name"
              error={errors.name}
              required
            />
            <Field
              label={t('auth.email')}
              name="email"
              type="email"
              autoComplete="email"
              error={errors.email}
              required
            />
            <Field
              label={t('auth.password')}
              name="password"
              type="password"
              autoComplete="new-password"
              error={errors.password}
              required
            />
            <Field
              label={t('auth.confirm_password')}
              name="password_confirmation"
              type="password"
              autoComplete="new-password"
              error={confirmationError(errors)}
              required
            />
            <button type="submit" className="button primary block" disabled={processing}>
              {t('auth.sign_up')}
            </button>
          </>
        )}
      </Form>
      <p className="muted">
        {t('auth.have_account')} <Link route="auth.sign_in">{t('auth.sign_in')}</Link>
      </p>
    </div>
  )
}
