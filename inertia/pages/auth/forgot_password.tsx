import { Head } from '@inertiajs/react'
import { Form } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { Field } from '~/components/ui/field'
import { FormError } from '~/components/ui/form_error'
import { CsrfField } from '~/components/ui/csrf_field'

export default function ForgotPassword() {
  const t = useT()
  return (
    <div className="card narrow stack">
      <Head title={t('auth.reset_title')} />
      <h1>{t('auth.reset_title')}</h1>
      <p className="muted">{t('auth.reset_body')}</p>
      <FormError />
      <Form route="password.email">
        {({ errors, processing }) => (
          <>
            <CsrfField />
            <Field
              label={t('auth.email')}
              name="email"
              type="email"
              autoComplete="email"
              error={errors.email}
              required
            />
            <button type="submit" className="button primary block" disabled={processing}>
              {t('auth.reset_send')}
            </button>
          </>
        )}
      </Form>
    </div>
  )
}
