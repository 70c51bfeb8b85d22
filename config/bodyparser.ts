import { defineConfig } from '@adonisjs/core/bodyparser'

const bodyParserConfig = defineConfig({
  allowedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  form: { convertEmptyStringsToNull: true, types: ['application/x-www-form-urlencoded'] },
  json: {
    convertEmptyStringsToNull: true,
    types: ['application/json', 'application/json-patch+json', 'application/vnd.api+json'],
  },
  multipart: {
    autoProcess: true,
    convertEmptyStringsToNull: true,
    /* deck imports stream their file to the drive themselves (up to 500 MB) */
    processManually: ['/api/deck_imports', '/deck_imports'],
    /* avatar images are capped at 10 MB by validation; this is the transport cap */
    limit: '20mb',
    types: ['multipart/form-data'],
  },
})

export default bodyParserConfig
