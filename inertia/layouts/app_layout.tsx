import { useEffect, useEffectEvent, type ReactNode } from 'react'
import { router } from '@inertiajs/react'
import { NavBar } from '~/components/nav_bar'
import { AlertProvider } from '~/components/ui/alert_dialog'
import { ToastProvider, useInlineError, useToast } from '~/components/ui/toasts'
import { useShared } from '~/lib/shared'
import { applyTheme } from '~/lib/theme'
import { ServerNotice } from '~/components/limits/server_notice'
import { ConnectionAlerts } from '~/components/connection_alerts'
import { SearchShortcut } from '~/components/search_shortcut'
import { DebugPanel, MasqueradeBanner } from '~/components/admin/admin_overlays'
import { RebrandNotice } from '~/components/client/notices'
import { FlagBanners } from '~/components/client/flag_banners'
import { AppUpdates } from '~/components/offline/app_updates'

/** Flash messages from the server become toasts (an error the page shows by its form, FormError, is not said twice). */
function FlashToasts() {
  const { flash } = useShared()
  const toast = useToast()
  const inlineError = useInlineError()
  /* once per flash (its id), with what it says */
  const announce = useEffectEvent(() => {
    const action = flash.action
    /* a toast with a way on stays longer, so there is time to take it */
    if (flash.success && action)
      toast({
        title: flash.success,
        action: { label: action.label, onClick: () => router.visit(action.href) },
        timeout: 8000,
      })
    else if (flash.success) toast({ title: flash.success })
    if (flash.error && inlineError.current !== flash.id)
      toast({ title: flash.error, body: flash.errorBody ?? undefined, type: 'textSecondary' })
  })
  useEffect(() => announce(), [flash.id])
  return null
}

/** Keeps <html lang> and the theme in step after client-side visits. */
function DocumentAttributes() {
  const { locale, theme } = useShared()
  useEffect(() => {
    document.documentElement.lang = locale
    applyTheme(theme)
    /* the page is interactive: browser tests wait for this before typing */
    document.documentElement.dataset.ready = 'true'
  }, [locale, theme])
  return null
}

function AppLayout({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <AlertProvider>
        <MasqueradeBanner />
        <NavBar />
        <FlagBanners />
        <RebrandNotice />
        <main className="page">{children}</main>
        <DebugPanel />
        <FlashToasts />
        <ServerNotice />
        <ConnectionAlerts />
        <SearchShortcut />
        <DocumentAttributes />
        <AppUpdates />
      </AlertProvider>
    </ToastProvider>
  )
}

/** Gives every page the app layout unless it declares its own. */
export function withLayout<T extends { default: any }>(module: T) {
  const page = module.default
  page.layout ??= (child: ReactNode) => <AppLayout>{child}</AppLayout>
  return page
}
