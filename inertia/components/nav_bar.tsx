import { useState } from 'react'
import { router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { Menu as MenuIcon } from 'lucide-react'
import { urlFor } from '~/lib/routes'
import { useShared } from '~/lib/shared'
import { useT } from '~/lib/i18n'
import { Avatar } from '~/components/avatar'

type MenuItem = { label: string; href: string }

function Menu({ label, items }: { label: string; items: MenuItem[] }) {
  return (
    <details className="nav-menu">
      <summary className="nav-link">{label}</summary>
      <div className="nav-menu-items">
        {items.map((item) => (
          /* the menu closes once a page is chosen: the layout, and so the open menu, stays across visits */
          <Link
            key={item.href}
            href={item.href}
            className="nav-link"
            onClick={(event) => event.currentTarget.closest('details')?.removeAttribute('open')}
          >
            {item.label}
          </Link>
        ))}
      </div>
    </details>
  )
}

/* Resources and Solutions: each entry a page of its own */
function SiteMenus() {
  const t = useT()
  const resources = [
    { label: t('nav.guides'), href: urlFor('guides.index') },
    { label: t('nav.blog'), href: urlFor('blog.index') },
    { label: t('nav.help'), href: urlFor('help.show') },
    { label: t('nav.whats_new'), href: urlFor('whats_new.show') },
  ]
  const solutions = [
    { label: t('nav.students'), href: urlFor('solutions.show', { slug: 'students' }) },
    { label: t('nav.teachers'), href: urlFor('solutions.show', { slug: 'teachers' }) },
    {
      label: t('nav.language_learners'),
      href: urlFor('solutions.show', { slug: 'language-learners' }),
    },
  ]
  return (
    <>
      <Menu label={t('nav.resources')} items={resources} />
      <Menu label={t('nav.solutions')} items={solutions} />
    </>
  )
}

export function NavBar() {
  const { user, admin } = useShared()
  const t = useT()
  const [open, setOpen] = useState(false)

  return (
    <header className="nav-bar">
      <Link route="home" className="brand">
        Mnemo
      </Link>
      <button
        type="button"
        className="icon-button nav-toggle"
        aria-label={t('nav.menu')}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <MenuIcon size={22} aria-hidden="true" />
      </button>
      <nav className={`nav-links ${open ? 'open' : ''}`} aria-label="main">
        <Link route="home" className="nav-link">
          {t('nav.home')}
        </Link>
        {user && (
          <>
            <Link route="cards.browse" className="nav-link">
              {t('browser.nav')}
            </Link>
            <Link route="statistics.show" className="nav-link">
              {t('stats.nav.statistics')}
            </Link>
            <Link route="streak.show" className="nav-link">
              {t('stats.nav.streak')}
            </Link>
          </>
        )}
        <Link route="library.home" className="nav-link">
          {t('nav.library')}
        </Link>
        <SiteMenus />
        <span className="nav-spacer" />
        {user && !user.isGuest ? (
          <>
            {admin.isAdmin && (
              <Link route="admin.home" className="nav-link">
                {t('admin.home.title')}
              </Link>
            )}
            <Link route="settings.show" className="nav-link">
              {t('nav.settings')}
            </Link>
            {/* named by what it shows (no aria-label over the visible name), then what it is */}
            <Link route="account.show" className="nav-link nav-account">
              <Avatar user={user} size={28} />
              <span>{user.name ?? user.username}</span>
              <span className="visually-hidden">{` (${t('nav.account')})`}</span>
            </Link>
            <button
              type="button"
              className="button ghost small"
              onClick={() => router.post(urlFor('auth.sign_out'))}
            >
              {t('nav.sign_out')}
            </button>
          </>
        ) : (
          <>
            <Link route="settings.show" className="nav-link">
              {t('nav.settings')}
            </Link>
            {!user && (
              <Link route="auth.sign_in" className="nav-link">
                {t('nav.sign_in')}
              </Link>
            )}
            <Link route="auth.start" className="button primary small">
              {t('nav.get_started')}
            </Link>
          </>
        )}
      </nav>
    </header>
  )
}
