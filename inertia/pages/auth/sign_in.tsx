import { Head, useForm } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { useT } from '~/lib/i18n'
import { Field } from '~/components/ui/field'
import { FormError } from '~/components/ui/form_error'
import { ServerForm } from '~/components/server_form'
import { SocialButtons, type SocialOptions } from '~/components/social_buttons'
import { urlFor } from '~/lib/routes'

export default function SignIn({ social, sessionEnded }: { social: SocialOptions; sessionEnded: boolean }) {
  const t = useT()
  const form = useForm({ email: '', password: '' })
  const action = urlFor('auth.sign_in.store')
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
      <ServerForm form={form} action={action} onSubmit={() => form.post(action, { onFinish: () => form.reset('password') })}>
        <Field label={t('auth.email')} name="email" type="email" autoComplete="username" value={form.data.email} error={form.errors.email} onChange={(e) => form.setData('email', e.target.value)} required />
        <Field label={t('auth.password')} name="password" type="password" autoComplete="current-password" value={form.data.password} error={form.errors.password} onChange={(e) => form.setData('password', e.target.value)} required />
        <button type="submit" className="button primary block" disabled={form.processing}>
          {t('auth.sign_in')}
        </button>
      </ServerForm>
      <Link route="password.request">{t('auth.forgot_password')}</Link>
      <p className="muted">
        {t('auth.no_account')} <Link route="auth.start">{t('nav.get_started')}</Link>
      </p>
    </div>
  )
}
