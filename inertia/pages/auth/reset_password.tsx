import { Head, useForm } from '@inertiajs/react'
import { useT } from '~/lib/i18n'
import { Field } from '~/components/ui/field'
import { ServerForm } from '~/components/server_form'
import { urlFor } from '~/lib/routes'

export default function ResetPassword({ token }: { token: string }) {
  const t = useT()
  const form = useForm({ password: '', password_confirmation: '' })
  const action = urlFor('password.update', { token })
  return (
    <div className="card narrow stack">
      <Head title={t('auth.new_password_title')} />
      <h1>{t('auth.new_password_title')}</h1>
      <ServerForm form={form} action={action} onSubmit={() => form.post(action)}>
        <Field label={t('auth.new_password')} name="password" type="password" autoComplete="new-password" value={form.data.password} error={form.errors.password} onChange={(e) => form.setData('password', e.target.value)} required />
        <Field label={t('auth.confirm_password')} name="password_confirmation" type="password" autoComplete="new-password" value={form.data.password_confirmation} error={form.errors.password_confirmation} onChange={(e) => form.setData('password_confirmation', e.target.value)} required />
        <button type="submit" className="button primary block" disabled={form.processing}>
          {t('auth.save_password')}
        </button>
      </ServerForm>
    </div>
  )
}
