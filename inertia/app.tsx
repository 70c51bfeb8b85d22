import './css/app.css'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createInertiaApp } from '@inertiajs/react'
import { resolvePageComponent } from '@adonisjs/inertia/helpers'
import { TuyauProvider } from '@adonisjs/inertia/react'
import { withLayout } from '~/layouts/app_layout'
import { tuyau } from '~/lib/routes'
import { loadMessages } from '~/lib/i18n'

createInertiaApp({
  title: (title) => (title ? `${title} · Mnemo` : 'Mnemo'),
  resolve: async (name, page) => {
    /* the page's parts of the translations, fetched beside its code (lib/i18n.ts) */
    const [component] = await Promise.all([
      resolvePageComponent<{ default: any }>(
        `./pages/${name}.tsx`,
        import.meta.glob<{ default: any }>('./pages/**/*.tsx')
      ),
      page ? loadMessages(page) : undefined,
    ])
    return withLayout(component)
  },
  setup({ el, App, props }) {
    /* the provider lets Link and Form take route names (lib/routes) */
    const app = (
      <TuyauProvider client={tuyau}>
        <App {...props} />
      </TuyauProvider>
    )
    if (el.hasChildNodes()) hydrateRoot(el, app)
    else createRoot(el).render(app)
  },
  progress: { color: '#3b5bdb' },
})
