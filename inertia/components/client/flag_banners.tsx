import { useShared } from '~/lib/shared'
import { useT } from '~/lib/i18n'
import { urlFor } from '~/lib/routes'
import { DismissForm } from '~/components/client/notices'
import '~/css/client.css'

/* the lifetime offer's id in the dismissal cookie (app/services/flag_banners.ts) */
const LIFETIME = '~lifetime'

/** A banner's way on: a path of this site in place, another site in a new tab. */
function BannerLink({ href, label }: { href: string; label: string }) {
  const external = !href.startsWith('/')
  return (
    <a
      className="button small primary"
      href={href}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {label}
    </a>
  )
}

/**
 * The remote flags' banners at the top of signed-in pages (the server sends
 * the active ones not dismissed here, in the reader's language) and the
 * lifetime-plan offer (flag lifetime_banner; never to premium learners).
 * Each is dismissed on this browser by its own button.
 */
export function FlagBanners() {
  const { banners } = useShared()
  const t = useT()
  if (!banners.banners.length && !banners.lifetime) return null
  return (
    <div className="flag-banners">
      {banners.lifetime && (
        <aside
          className="flag-banner flag-banner-success"
          data-banner={LIFETIME}
          aria-label={t('client.banners.label')}
        >
          <p>
            <strong>{t('client.banners.lifetime_title')}</strong>{' '}
            {t('client.banners.lifetime_body')}
          </p>
          <BannerLink
            href={`${urlFor('paywall.show')}?reason=lifetime`}
            label={t('client.banners.lifetime_link')}
          />
          <DismissForm
            action={urlFor('banners.dismiss', { id: LIFETIME })}
            name={LIFETIME}
            label={t('client.banners.dismiss')}
            ariaLabel={t('client.banners.dismiss_named', {
              text: t('client.banners.lifetime_title'),
            })}
          />
        </aside>
      )}
      {banners.banners.map((banner) => (
        <aside
          key={banner.id}
          className={`flag-banner flag-banner-${banner.level}`}
          data-banner={banner.id}
          aria-label={t('client.banners.label')}
        >
          <p>{banner.text}</p>
          {banner.link && <BannerLink href={banner.link} label={t('client.banners.more')} />}
          <DismissForm
            action={urlFor('banners.dismiss', { id: banner.id })}
            name={banner.id}
            label={t('client.banners.dismiss')}
            ariaLabel={t('client.banners.dismiss_named', { text: banner.text })}
          />
        </aside>
      ))}
    </div>
  )
}
