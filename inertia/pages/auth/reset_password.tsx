import { Head } from '@inertiajs/react'
import { Form } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { confirmationError, Field } from '~/components/ui/field'
import { CsrfField } from '~/components/ui/csrf_field'

export default function ResetPassword({ token }: { token: string }) {
  const t = useT()
  return (
    <div className="card narrow stack">
      <Head title={t('auth.new_password_title')} />
      <h1>{t('auth.new_password_title')}</h1>
      <Form route="password.update" routeParams={{ token }}>
        {({ errors, processing }) => (
          <>
            <CsrfField />
            <Field
              label={t('auth.new_password')}
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
              {t('auth.save_password')}
            </button>
          </>
        )}
      </Form>
    </div>
  )
}
