import { useT } from '~/lib/i18n'

/** Full-page redirects: the OAuth flows leave the app and come back. */
export function SocialButtons({ social }: { social: { google: boolean; apple: boolean } }) {
  const t = useT()
  if (!social.google && !social.apple) return null
  return (
    <div className="stack">
      {social.google && (
        <a className="button block" href="/auth/google/redirect">
          {t('auth.continue_google')}
        </a>
      )}
      {social.apple && (
        <a className="button block" href="/auth/apple/redirect">
          {t('auth.continue_apple')}
        </a>
      )}
      <div className="divider">{t('auth.or')}</div>
    </div>
  )
}
