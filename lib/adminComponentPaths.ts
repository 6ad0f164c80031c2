/** The package path of components/client.ts, which a host's import map resolves like any dependency. */
const CLIENT_ENTRY = 'blog-portfolio-service/client'

/** Where Payload's import map finds each admin component the plugin's config names (components/client.ts). */
export const ADMIN_COMPONENT_PATHS = {
  ArticleViewsChart: `${CLIENT_ENTRY}#ArticleViewsChart`,
  BlockKeepingFields: `${CLIENT_ENTRY}#BlockKeepingFields`,
  CodeBlockKeepingCode: `${CLIENT_ENTRY}#CodeBlockKeepingCode`,
  DashboardStats: `${CLIENT_ENTRY}#DashboardStats`,
  SendTestEvent: `${CLIENT_ENTRY}#SendTestEvent`,
  VersionHistory: `${CLIENT_ENTRY}#VersionHistory`,
  WebhookDeliveriesField: `${CLIENT_ENTRY}#WebhookDeliveriesField`,
} as const
