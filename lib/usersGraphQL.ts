import { type GraphQLExtension, NotFound, type PayloadRequest } from 'payload'

import { startPasswordReset } from './passwordReset'

type ResolverContext = { req: PayloadRequest }

/**
 * The GraphQL side of lib/passwordReset.ts for the auth collection `slug`, added after `mutations` (the config's
 * own): `forgotPassword<User>` answers `true` as soon as the request is counted, before Payload's work, and
 * `verifyEmail<User>` is not found (the collection verifies no emails; Payload's resolver would end in a 500).
 */
export const withUsersMutations =
  (mutations: GraphQLExtension | undefined, slug: string): GraphQLExtension =>
  (graphQL, info) => {
    const own = mutations?.(graphQL, info) ?? {}
    const collection = info.collections[slug]
    if (!collection) return own
    // Payload names the collection's mutations after its object type (`User` for `users`).
    const name = collection.graphQL?.type.name
    const forgotPassword: unknown = info.Mutation.fields[`forgotPassword${name}`]
    const verifyEmail: unknown = info.Mutation.fields[`verifyEmail${name}`]
    if (!name || typeof forgotPassword !== 'object' || typeof verifyEmail !== 'object') return own
    return {
      [`forgotPassword${name}`]: {
        ...forgotPassword,
        resolve: async (_source: unknown, args: { email?: unknown }, { req }: ResolverContext) => {
          await startPasswordReset(req, collection, args.email)
          return true
        },
      },
      [`verifyEmail${name}`]: {
        ...verifyEmail,
        resolve: (_source: unknown, _args: unknown, { req }: ResolverContext) => {
          throw new NotFound(req.t)
        },
      },
      ...own,
    }
  }
