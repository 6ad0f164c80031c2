import { createHash } from 'node:crypto'

import { type Doc, isoDate, optionalString, relationId } from './common'

const gravatar = (hash: string) => `https://www.gravatar.com/avatar/${hash}?d=identicon&s=80`

/** The author's avatar when they have one; else their email's Gravatar; else an identicon of the nickname. */
export const wallAvatar = (doc: Doc, userAvatars: Map<number, string>): string => {
  const userId = relationId(doc.user)
  const own = userId === null ? undefined : userAvatars.get(userId)
  if (own) return own
  const emailHash = optionalString(doc.emailHash)
  if (emailHash) return gravatar(emailHash)
  const nicknameHash = createHash('md5').update(String(doc.nickname).trim().toLowerCase()).digest('hex')
  return `${gravatar(nicknameHash)}&f=y`
}

export const wallMessageItem = (doc: Doc, userAvatars: Map<number, string>) => ({
  id: Number(doc.id),
  nickname: String(doc.nickname),
  content: String(doc.content),
  avatar: wallAvatar(doc, userAvatars),
  createdAt: isoDate(doc.createdAt),
})
