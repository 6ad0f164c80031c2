import { jest } from '@jest/globals'

import type { BootedService } from './bootService'

type WithHandle = { handle: (...args: unknown[]) => unknown }

/** Counts the requests that reach Express (`app.handle`, not in its types); the fast paths in front of it never call it. */
export const spyOnExpress = (service: BootedService) => jest.spyOn(service.app as unknown as WithHandle, 'handle')
