import { Head, useForm } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { Field } from '~/components/ui/field'
import { FormError } from '~/components/ui/form_error'
import { ServerForm } from '~/components/server_form'
import { SocialButtons, type SocialOptions } from '~/components/social_buttons'
import { urlFor } from '~/lib/routes'

export default function SignUp({ social }: { social: SocialOptions }) {
  const t = useT()
  const form = useForm({ name: '', email: '', password: '', password_confirmation: '' })
  const action = urlFor('auth.sign_up.store')
  return (
    <div className="card narrow stack">
      <Head title={t('auth.sign_up_title')} />
      <h1>{t('auth.sign_up_title')}</h1>
      <SocialButtons social={social} />
      <FormError />
      <ServerForm form={form} action={action} onSubmit={() => form.post(action, { onFinish: () => form.reset('password', 'password_confirmation') })}>
        <Field label={t('auth.name')} name="name" autoComplete="name" value={form.data.name} error={form.errors.name} onChange={(e) => form.setData('name', e.target.value)} required />
        <Field label={t('auth.email')} name="email" type="email" autoComplete="email" value={form.data.email} error={form.errors.email} onChange={(e) => form.setData('email', e.target.value)} required />
        <Field label={t('auth.password')} name="password" type="password" autoComplete="new-password" value={form.data.password} error={form.errors.password} onChange={(e) => form.setData('password', e.target.value)} required />
        <Field label={t('auth.confirm_password')} name="password_confirmation" type="password" autoComplete="new-password" value={form.data.password_confirmation} error={form.errors.password_confirmation} onChange={(e) => form.setData('password_confirmation', e.target.value)} required />
        <button type="submit" className="button primary block" disabled={form.processing}>
          {t('auth.sign_up')}
        </button>
      </ServerForm>
      <p className="muted">
        {t('auth.have_account')} <Link route="auth.sign_in">{t('auth.sign_in')}</Link>
      </p>
    </div>
  )
}
