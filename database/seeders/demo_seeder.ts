import { BaseSeeder } from '@adonisjs/lucid/seeders'
import User from '#models/user'
import { createUser } from '#actions/auth/create_user'

/** The demo account the README prints. Idempotent: runs on every `npm start`. */
export const DEMO = { email: 'demo@mnemo.app', password: 'mnemo-demo-2026', name: 'Demo Learner' }

export default class DemoSeeder extends BaseSeeder {
  static environment = ['development']

  async run() {
    if (await User.findBy('email', DEMO.email)) return
    await createUser({ provider: 'email', ...DEMO })
  }
}
