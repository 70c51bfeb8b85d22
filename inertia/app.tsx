import './css/app.css'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createInertiaApp } from '@inertiajs/react'
import { resolvePageComponent } from '@adonisjs/inertia/helpers'
import { TuyauProvider } from '@adonisjs/inertia/react'
import { withLayout } from '~/layouts/app_layout'
import { tuyau } from '~/lib/routes'

createInertiaApp({
  title: (title) => (title ? `${title} · Mnemo` : 'Mnemo'),
  resolve: async (name) =>
    withLayout(
      await resolvePageComponent<{ default: any }>(
        `./pages/${name}.tsx`,
        import.meta.glob<{ default: any }>('./pages/**/*.tsx')
      )
    ),
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
