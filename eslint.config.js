import { configApp } from '@adonisjs/eslint-config'
import { react } from '@adonisjs/eslint-config/react'

// AdonisJS's own ESLint configuration for the server (every .ts file) and its React block for
// the pages (inertia/), formatting by Prettier (@adonisjs/prettier-config, named in
// package.json). `npm run lint` runs it; .ci/run fails on any error.
export default configApp(
  { ignores: ['public/**', 'tmp/**', 'storage/**', 'app/importers/anki/protobuf/anki_pb.ts'] },
  ...react
)
