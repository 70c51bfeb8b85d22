import { Head, useForm } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { Field } from '~/components/ui/field'
import { FormError } from '~/components/ui/form_error'
import { ServerForm } from '~/components/server_form'
import { urlFor } from '~/lib/routes'

export default function ForgotPassword() {
  const t = useT()
  const form = useForm({ email: '' })
  const action = urlFor('password.email')
  return (
    <div className="card narrow stack">
      <Head title={t('auth.reset_title')} />
      <h1>{t('auth.reset_title')}</h1>
      <p className="muted">{t('auth.reset_body')}</p>
      <FormError />
      <ServerForm form={form} action={action} onSubmit={() => form.post(action)}>
        <Field label={t('auth.email')} name="email" type="email" autoComplete="email" value={form.data.email} error={form.errors.email} onChange={(e) => form.setData('email', e.target.value)} required />
        <button type="submit" className="button primary block" disabled={form.processing}>
          {t('auth.reset_send')}
        </button>
      </ServerForm>
    </div>
  )
}
