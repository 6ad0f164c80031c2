import type { CollectionConfig, Field } from 'payload'

type Hooks = NonNullable<CollectionConfig['hooks']>
type AuthOptions = Exclude<NonNullable<CollectionConfig['auth']>, boolean>
type UploadOptions = Exclude<NonNullable<CollectionConfig['upload']>, boolean>

/** Collections a host may already have (create-payload-app's blank template has both), extended rather than refused. */
export const EXTENDABLE_SLUGS: ReadonlySet<string> = new Set(['media', 'users'])

/**
 * Fields of ours that replace a host field of the same name: the access rules and the JWT read `roles` with our
 * option values, and `/api` reads `name` and `avatar` (bylines, wall avatars) and `alt` (images) as the text our
 * fields store. A host's version of them (an `avatar` upload, `roles` without `editor`) would break the contract.
 * The blank template's required `alt` text field is the same as ours.
 */
const CONTRACT_FIELDS: Partial<Record<string, ReadonlySet<string>>> = {
  media: new Set(['alt']),
  users: new Set(['avatar', 'name', 'roles']),
}

const nameOf = (field: Field): string | undefined => ('name' in field ? field.name : undefined)

/**
 * The host's fields, then ours it lacks. A host field of the same name wins (its label, validation, admin
 * settings), with our field-level access rules over its own: they keep private data private (`users.email`).
 * Contract fields are ours whatever the host wrote (CONTRACT_FIELDS), in the host's place.
 */
const mergeFields = (slug: string, host: Field[], ours: Field[]): Field[] => {
  const ourByName = new Map(
    ours.flatMap((field) => {
      const name = nameOf(field)
      return name === undefined ? [] : [[name, field] as const]
    }),
  )
  const hostNames = new Set(host.flatMap((field) => nameOf(field) ?? []))
  const merged = host.map((field): Field => {
    const name = nameOf(field)
    const our = name === undefined ? undefined : ourByName.get(name)
    if (name === undefined || !our) return field
    if (CONTRACT_FIELDS[slug]?.has(name)) return our
    if (!('access' in our && our.access)) return field
    // TypeScript does not carry the field's type (a union of every kind of field) through the spread.
    return { ...field, access: { ...('access' in field ? field.access : {}), ...our.access } } as Field
  })
  return [...merged, ...ours.filter((field) => !hostNames.has(nameOf(field) ?? ''))]
}

/** Each of the host's hooks runs first, then ours of the same kind. */
const appendHooks = (host: Hooks = {}, ours: Hooks = {}): Hooks => {
  const kinds = new Set([...Object.keys(host), ...Object.keys(ours)]) as Set<keyof Hooks>
  return Object.fromEntries([...kinds].map((kind) => [kind, [...(host[kind] ?? []), ...(ours[kind] ?? [])]]))
}

const authOptions = (auth: CollectionConfig['auth']): AuthOptions => (typeof auth === 'object' ? auth : {})

/**
 * The auth options the plugin's rules depend on win: sessions (only tokens from a login are valid), no per-account
 * lockout (the login throttle limits per IP instead), the 2-hour token docs/api.md promises, and the outage-aware
 * JWT check before the host's own strategies. The host's other options (cookies, verification, ...) win over ours:
 * Payload fills its defaults into our options object in place, so ours may hold them from an earlier build.
 */
const mergeAuth = (host: CollectionConfig['auth'], ours: CollectionConfig['auth']): CollectionConfig['auth'] => {
  if (!ours) return host
  const [hostAuth, ourAuth] = [authOptions(host), authOptions(ours)]
  return {
    ...ourAuth,
    ...hostAuth,
    maxLoginAttempts: ourAuth.maxLoginAttempts,
    strategies: [...(ourAuth.strategies ?? []), ...(hostAuth.strategies ?? [])],
    tokenExpiration: ourAuth.tokenExpiration,
    useSessions: ourAuth.useSessions,
  }
}

const uploadOptions = (upload: CollectionConfig['upload']): UploadOptions => (typeof upload === 'object' ? upload : {})

/**
 * The host's upload settings win over ours (its staticDir, mime types); image sizes are ours plus the host's, a
 * host size of the same name replacing ours, and our handlers run before the host's.
 */
const mergeUpload = (host: CollectionConfig['upload'], ours: CollectionConfig['upload']): CollectionConfig['upload'] => {
  if (!ours) return host
  const [hostUpload, ourUpload] = [uploadOptions(host), uploadOptions(ours)]
  const hostSizes = hostUpload.imageSizes ?? []
  const hostSizeNames = new Set(hostSizes.map((size) => size.name))
  return {
    ...ourUpload,
    ...hostUpload,
    handlers: [...(ourUpload.handlers ?? []), ...(hostUpload.handlers ?? [])],
    imageSizes: [...(ourUpload.imageSizes ?? []).filter((size) => !hostSizeNames.has(size.name)), ...hostSizes],
  }
}

/**
 * The host's collection of the same slug, extended with what the plugin needs of it (the blank template's `users`
 * and `media`): its own settings stay unless the contract or a rule depends on ours. Our access rules, auth options,
 * custom keys and endpoints win (the endpoints before the host's: they replace Payload's routes of the same path);
 * the host's admin settings and anything else it sets win over ours.
 */
export const extendHostCollection = (host: CollectionConfig, ours: CollectionConfig): CollectionConfig => ({
  ...ours,
  ...host,
  access: { ...host.access, ...ours.access },
  admin: { ...ours.admin, ...host.admin },
  auth: mergeAuth(host.auth, ours.auth),
  custom: { ...host.custom, ...ours.custom },
  endpoints: host.endpoints === false ? false : [...(ours.endpoints || []), ...(host.endpoints || [])],
  fields: mergeFields(ours.slug, host.fields, ours.fields),
  hooks: appendHooks(host.hooks, ours.hooks),
  upload: mergeUpload(host.upload, ours.upload),
})
