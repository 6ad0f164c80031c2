import type { CollectionConfig } from 'payload'

export const JOB_LEASES_SLUG = 'job-leases'

const nobody = () => false

/**
 * Who runs the jobs queue: one row per lease, held by one service process until `expiresAt` and renewed while it
 * lives (lib/jobs/lease.ts). Payload's queue claims jobs without a lock, so only the holder runs them. Internal:
 * nobody reads or edits it through any door.
 */
export const JobLeases: CollectionConfig = {
  slug: JOB_LEASES_SLUG,
  access: { create: nobody, delete: nobody, read: nobody, update: nobody },
  admin: { hidden: true },
  fields: [
    { name: 'name', type: 'text', required: true, unique: true },
    { name: 'holder', type: 'text', required: true },
    { name: 'expiresAt', type: 'date', required: true },
  ],
}
