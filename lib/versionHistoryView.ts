import type { CollectionConfig, EditConfig } from 'payload'

import { ADMIN_COMPONENT_PATHS } from './adminComponentPaths'

const VERSIONS_VIEW = { Component: ADMIN_COMPONENT_PATHS.VersionHistory }

/**
 * Collections that keep versions list them with components/VersionHistory.tsx (to the second, with who saved each),
 * unless the collection already has its own versions view or replaces the whole document view (`edit.root`).
 */
export const withVersionHistory = (collection: CollectionConfig): CollectionConfig => {
  const views = collection.admin?.components?.views
  const edit: EditConfig = views?.edit ?? {}
  if (!collection.versions || 'root' in edit || edit.versions) return collection
  return {
    ...collection,
    admin: { ...collection.admin, components: { ...collection.admin?.components, views: { ...views, edit: { ...edit, versions: VERSIONS_VIEW } as EditConfig } } },
  }
}
