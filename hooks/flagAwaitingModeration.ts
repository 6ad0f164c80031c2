import type { CollectionBeforeChangeHook } from 'payload'

/** Mirrors "status is pending" in a sortable flag, so the admin list shows messages waiting for review first. */
export const flagAwaitingModeration: CollectionBeforeChangeHook = ({ data, originalDoc }) => ({
  ...data,
  awaitingModeration: (data.status ?? originalDoc?.status) === 'pending',
})
