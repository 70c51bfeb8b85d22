import { configApp, RULES_LIST } from '@adonisjs/eslint-config'
import { react } from '@adonisjs/eslint-config/react'

const [severity, variables, ...otherNames] = RULES_LIST['@typescript-eslint/naming-convention']

// AdonisJS's own ESLint configuration for the server (every .ts file) and its React block for
// the pages (inertia/), formatting by Prettier (@adonisjs/prettier-config, named in
// package.json). `npm run lint` runs it; .ci/run fails on any error. What this project adds or
// changes is below, each with its reason.
export default configApp(
  {
    ignores: [
      'public/**',
      'tmp/**',
      'storage/**',
      '.adonisjs/**',
      'app/importers/anki/protobuf/anki_pb.ts',
    ],
  },
  ...react,
  {
    name: 'Mnemo: every file',
    files: ['**/*.{ts,tsx}'],
    rules: {
      // a leading underscore names a key left out on purpose: `const { key: _key, ...rest } = row`
      '@typescript-eslint/naming-convention': [
        severity,
        { ...variables, leadingUnderscore: 'allow' },
        ...otherNames,
      ],
      // no line over 120 characters (Prettier wraps code at 100; comments and strings are ours);
      // a regular expression literal cannot be split without losing what the linter checks in it
      '@stylistic/max-len': [
        'error',
        { code: 120, comments: 120, ignoreUrls: true, ignoreRegExpLiterals: true },
      ],
    },
  },
  {
    name: 'Mnemo: the pages',
    files: ['inertia/**/*.{ts,tsx}'],
    rules: {
      // the scheduler is shared with the browser (the offline study page runs the server's own code: issue 34,
      // docs/offline.md); .dependency-cruiser.js's sharedCore says which modules and keeps the optimizer out
      '@adonisjs/no-backend-import-in-frontend': ['error', { allowed: ['#scheduling/*'] }],
    },
  },
  {
    name: 'Mnemo: tests and the scripts that drive the app from outside',
    files: ['tests/**/*.{ts,tsx}', 'bench/**/*.ts', 'bin/**/*.ts'],
    rules: {
      // they read what they awaited in place: `(await client.get(url)).body()`, `(await pg.query(sql)).rows`
      '@unicorn/no-await-expression-member': 'off',
    },
  }
)
