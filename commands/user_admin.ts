import { args, BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/** `node ace user:admin <email>`: makes a user a moderator of the library (`--revoke` takes it back). */
export default class UserAdmin extends BaseCommand {
  static commandName = 'user:admin'
  static description =
    'Grant (or with --revoke, take back) library moderation to the user with this e-mail'
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'The e-mail address of the user' })
  declare email: string

  @flags.boolean({ description: 'Take moderation away instead' })
  declare revoke: boolean

  async run() {
    const { default: User } = await import('#models/user')
    const user = await User.query()
      .whereRaw('lower(email) = ?', [this.email.trim().toLowerCase()])
      .first()
    if (!user) {
      this.logger.error(`no user with the e-mail ${this.email}`)
      this.exitCode = 1
      return
    }
    user.isAdmin = !this.revoke
    await user.save()
    this.logger.success(`${user.email} ${this.revoke ? 'is no longer' : 'is now'} a moderator`)
  }
}
