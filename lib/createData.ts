import type { CollectionSlug, RequiredDataFromCollectionSlug } from 'payload'

type CreateData<Slug extends CollectionSlug> = RequiredDataFromCollectionSlug<Slug>

/**
 * Data for a Local API create that leaves the `Defaulted` fields to their `defaultValue` when absent. Payload
 * 3.90's generated types require every `required` field on create, even those Payload fills in from a default
 * (a status, a category type): payloadcms/payload#17203. This is the one place that says so.
 */
export const leavingDefaults = <Slug extends CollectionSlug, Defaulted extends keyof CreateData<Slug>>(
  data: Omit<CreateData<Slug>, Defaulted> & Partial<Pick<CreateData<Slug>, Defaulted>>,
): CreateData<Slug> => data as CreateData<Slug>
