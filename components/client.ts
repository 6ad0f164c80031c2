/**
 * Every admin component the plugin's config names, under one package path (`blog-portfolio-service/client`) that a
 * host's import map resolves from node_modules. Server components (DashboardStats, ArticleViewsChart,
 * VersionHistory) sit beside client ones: each client module carries its own 'use client'.
 */
export { ArticleViewsChart } from './ArticleViewsChart'
export { BlockKeepingFields } from './BlockKeepingFields'
export { CodeBlockKeepingCode } from './CodeBlockKeepingCode'
export { DashboardStats } from './DashboardStats'
export { SendTestEvent } from './SendTestEvent'
export { VersionHistory } from './VersionHistory'
export { WebhookDeliveriesField } from './WebhookDeliveriesField'
