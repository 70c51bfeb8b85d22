import { randomUUID } from 'node:crypto'
import drive from '@adonisjs/drive/services/main'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type User from '#models/user'

/** Stores a new avatar image through the drive, then drops the old one. */
export default class SetAvatar {
  async handle(user: User, file: MultipartFile) {
    const key = `avatars/${user.id}/${randomUUID()}.${file.extname}`
    await file.moveToDisk(key)
    const previous = user.avatarPath
    user.avatarPath = key
    await user.save()
    if (previous) await drive.use().delete(previous).catch(() => {})
    return user
  }
}
