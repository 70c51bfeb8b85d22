import './css/app.css'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createInertiaApp } from '@inertiajs/react'
import { resolvePageComponent } from '@adonisjs/inertia/helpers'
import { withLayout } from '~/layouts/app_layout'

createInertiaApp({
  title: (title) => (title ? `${title} · Mnemo` : 'Mnemo'),
  resolve: async (name) =>
    withLayout(await resolvePageComponent<{ default: any }>(`./pages/${name}.tsx`, import.meta.glob<{ default: any }>('./pages/**/*.tsx'))),
  setup({ el, App, props }) {
    if (el.hasChildNodes()) hydrateRoot(el, <App {...props} />)
    else createRoot(el).render(<App {...props} />)
  },
  progress: { color: '#3b5bdb' },
})
