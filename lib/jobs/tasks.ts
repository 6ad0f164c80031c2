import type { TaskConfig } from 'payload'

import type { WebhookSettings } from '../webhooks/settings'
import { deliverWebhookTask } from './deliverWebhook'
import { publishScheduledTask } from './publishScheduled'

/** Every task of the jobs queue the plugin brings. */
export const jobTasks = (webhooks: WebhookSettings): TaskConfig[] => [publishScheduledTask as TaskConfig, deliverWebhookTask(webhooks) as TaskConfig]
