import ReactDOMServer from 'react-dom/server'
import { createInertiaApp } from '@inertiajs/react'
import { resolvePageComponent } from '@adonisjs/inertia/helpers'
import { TuyauProvider } from '@adonisjs/inertia/react'
import { withLayout } from '~/layouts/app_layout'
import { tuyau } from '~/lib/routes'

export default function render(page: any) {
  return createInertiaApp({
    page,
    render: ReactDOMServer.renderToString,
    title: (title) => (title ? `${title} · Mnemo` : 'Mnemo'),
    resolve: async (name) =>
      withLayout(
        await resolvePageComponent<{ default: any }>(
          `./pages/${name}.tsx`,
          import.meta.glob('./pages/**/*.tsx', { eager: true })
        )
      ),
    setup: ({ App, props }) => (
      <TuyauProvider client={tuyau}>
        <App {...props} />
      </TuyauProvider>
    ),
  })
}
