import { BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'
import type Folder from '#models/folder'

/** Folders are personal: only their owner sees or changes one (a shared deck sits in each participant's own folder). */
export default class FolderPolicy extends BasePolicy {
  manage(user: User, folder: Folder) {
    return folder.userId === user.id
  }
}
