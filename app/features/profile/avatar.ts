/** The picture shown for a user: their upload (served with a tenant check) or the default /user.png. */
export function avatarUrl(user: { id: string; profilePicture: string | null }) {
  return user.profilePicture ? `/resources/avatar/${user.id}?v=${encodeURIComponent(user.profilePicture)}` : "/user.png";
}
