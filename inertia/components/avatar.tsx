import type { Data } from '~generated/data'

type AvatarUser = Pick<
  Data.User.Variants['forPage'],
  'name' | 'username' | 'avatarUrl' | 'avatarColor'
>

export function Avatar({ user, size = 32 }: { user: AvatarUser; size?: number }) {
  const initials = (user.name ?? user.username ?? '?').trim().slice(0, 1).toUpperCase()
  if (user.avatarUrl) {
    return <img className="avatar" src={user.avatarUrl} alt="" width={size} height={size} />
  }
  return (
    <span
      className={`avatar avatar-${user.avatarColor}`}
      style={{ width: size, height: size }}
      aria-hidden="true"
    >
      {initials}
    </span>
  )
}
