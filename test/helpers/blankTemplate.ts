import type { CollectionConfig } from 'payload'

// create-payload-app's blank template, src/collections/Users.ts and Media.ts, as it writes them (a fresh copy each
// call: Payload writes its defaults into a config in place).
export const blankTemplateUsers = (): CollectionConfig => ({
  slug: 'users',
  admin: {
    useAsTitle: 'email',
  },
  auth: true,
  fields: [
    // Email added by default
    // Add more fields as needed
  ],
})

export const blankTemplateMedia = (): CollectionConfig => ({
  slug: 'media',
  access: {
    read: () => true,
  },
  fields: [
    {
      name: 'alt',
      type: 'text',
      required: true,
    },
  ],
  upload: true,
})
