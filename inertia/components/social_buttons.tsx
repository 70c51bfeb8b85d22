import { useT } from '~/lib/i18n'
import { urlFor } from '~/lib/routes'
import type { Data } from '~generated/data'

/** Which providers are configured, as the sign-in pages receive it. */
export type SocialOptions = Data.SocialOptions

/** Full-page redirects: the OAuth flows leave the app and come back. */
export function SocialButtons({ social }: { social: SocialOptions }) {
  const t = useT()
  if (!social.google && !social.apple) return null
  return (
    <div className="stack">
      {social.google && (
        <a className="button block" href={urlFor('auth.google.redirect')}>
          {t('auth.continue_google')}
        </a>
      )}
      {social.apple && (
        <a className="button block" href={urlFor('auth.apple.redirect')}>
          {t('auth.continue_apple')}
        </a>
      )}
      <div className="divider">{t('auth.or')}</div>
    </div>
  )
}
