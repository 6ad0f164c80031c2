import type { TaskConfig } from 'payload'

import { publishScheduledTask } from './publishScheduled'

/** Every task of the jobs queue the plugin brings. */
export const jobTasks: TaskConfig[] = [publishScheduledTask as TaskConfig]
