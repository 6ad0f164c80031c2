import { afterEach } from 'vitest'

import { takeContractViolations } from './contractCheck'

// Every answer of `/api` a test received must fit the OpenAPI description (see contractCheck.ts).
afterEach(() => {
  const violations = takeContractViolations()
  if (violations.length > 0) throw new Error(`Answers the OpenAPI description does not allow:\n${violations.join('\n')}`)
})
