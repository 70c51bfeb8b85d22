import app from '@adonisjs/core/services/app'
import { defineConfig, services } from '@adonisjs/drive'

/*
 * Local disk, served only through our own controllers (serveFiles is off so
 * that access checks cannot be bypassed). S3-compatible storage arrives with
 * media (issue 3).
 */
const driveConfig = defineConfig({
  default: 'fs',
  services: {
    fs: services.fs({
      location: app.makePath('storage'),
      serveFiles: false,
      visibility: 'private',
    }),
  },
})

export default driveConfig

declare module '@adonisjs/drive/types' {
  export interface DriveDisks extends InferDriveDisks<typeof driveConfig> {}
}
