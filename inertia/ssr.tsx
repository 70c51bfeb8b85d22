import ReactDOMServer from 'react-dom/server'
import { createInertiaApp } from '@inertiajs/react'
import { resolvePageComponent } from '@adonisjs/inertia/helpers'
import { withLayout } from '~/layouts/app_layout'

export default function render(page: any) {
  return createInertiaApp({
    page,
    render: ReactDOMServer.renderToString,
    title: (title) => (title ? `${title} · Mnemo` : 'Mnemo'),
    resolve: async (name) =>
      withLayout(
        await resolvePageComponent<{ default: any }>(`./pages/${name}.tsx`, import.meta.glob('./pages/**/*.tsx', { eager: true }))
      ),
    setup: ({ App, props }) => <App {...props} />,
  })
}
