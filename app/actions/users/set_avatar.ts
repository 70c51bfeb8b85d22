import { randomUUID } from 'node:crypto'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type User from '#models/user'
import { removeStoredFiles } from '#services/stored_files'

/**
 * Stores a new avatar image through the drive, then drops the old one. One key per file, no folder per user
 * (nothing to leave empty).
 */
export async function setAvatar(user: User, input: { avatar: MultipartFile }) {
  const file = input.avatar
  const key = `avatars/${user.id}-${randomUUID()}.${file.extname}`
  await file.moveToDisk(key)
  const previous = user.avatarPath
  user.avatarPath = key
  await user.save()
  if (previous) await removeStoredFiles([previous])
  return user
}
