import { createHash } from 'node:crypto'

import type { WallMessage } from '../../payload-types'
import type { WallMessageItem } from '../contracts/wallMessages'
import { isoDate, optionalString, relationId } from './common'

const gravatar = (hash: string) => `https://www.gravatar.com/avatar/${hash}?d=identicon&s=80`

type WallMessageFields = Pick<WallMessage, 'id' | 'nickname' | 'content' | 'emailHash' | 'user' | 'createdAt'>

/** The author's avatar when they have one; else their email's Gravatar; else an identicon of the nickname. */
export const wallAvatar = (doc: WallMessageFields, userAvatars: Map<number, string | null>): string => {
  const userId = relationId(doc.user)
  const own = userId === null ? null : userAvatars.get(userId)
  if (own) return own
  const emailHash = optionalString(doc.emailHash)
  if (emailHash) return gravatar(emailHash)
  const nicknameHash = createHash('md5').update(doc.nickname.trim().toLowerCase()).digest('hex')
  return `${gravatar(nicknameHash)}&f=y`
}

export const wallMessageItem = (doc: WallMessageFields, userAvatars: Map<number, string | null>): WallMessageItem => ({
  id: doc.id,
  nickname: doc.nickname,
  content: doc.content,
  avatar: wallAvatar(doc, userAvatars),
  createdAt: isoDate(doc.createdAt),
})
