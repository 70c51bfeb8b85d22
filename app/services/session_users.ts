import { SessionLucidUserProvider } from '@adonisjs/auth/session'
import type { SessionGuardUser } from '@adonisjs/auth/types/session'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'

type UserModel = typeof User

/**
 * The web session holds `<user id>:<session epoch>` instead of the bare id,
 * and a session whose epoch is no longer the account's is nobody's. A
 * password change or reset moves the account's epoch on: every session
 * begun before it ends at its next request, in whichever store sessions
 * live (Redis, PostgreSQL or the cookie), with no list of sessions to keep.
 * The session that changed the password signs in again with the new epoch.
 * A bare id (a session from before epochs) reads as epoch 0.
 */
export class EpochSessionUserProvider extends SessionLucidUserProvider<UserModel> {
  async createUserForGuard(
    user: InstanceType<UserModel>
  ): Promise<SessionGuardUser<InstanceType<UserModel>>> {
    const guardUser = await super.createUserForGuard(user)
    return {
      getId: () => sessionIdentifier(guardUser.getId(), user.sessionEpoch),
      getOriginal: () => guardUser.getOriginal(),
    }
  }

  async findById(identifier: string | number | BigInt) {
    const { id, epoch } = parseSessionIdentifier(identifier)
    if (id === null) return null
    const found = await super.findById(id)
    if (!found || (found.getOriginal().sessionEpoch ?? 0) !== epoch) return null
    return this.createUserForGuard(found.getOriginal())
  }
}

function sessionIdentifier(id: string | number | BigInt, epoch: number | null | undefined) {
  return `${id}:${epoch ?? 0}`
}

function parseSessionIdentifier(identifier: string | number | BigInt) {
  const match = /^(\d{1,15})(?::(\d{1,9}))?$/.exec(String(identifier))
  if (!match) return { id: null, epoch: 0 }
  return { id: Number(match[1]), epoch: Number(match[2] ?? 0) }
}

/**
 * Ends every web session of the account begun so far (their epoch is passed);
 * `user` takes the new epoch, so a session signed in with it afterwards
 * (the one that changed the password) is valid.
 */
export async function endWebSessions(user: User, trx: TransactionClientContract) {
  const [row] = await trx
    .from('users')
    .where('id', user.id)
    .increment('session_epoch', 1)
    .returning('session_epoch')
  /* as if loaded so: a later save of the model does not write it back */
  user.$attributes.sessionEpoch = row.session_epoch
  user.$original.sessionEpoch = row.session_epoch
}
