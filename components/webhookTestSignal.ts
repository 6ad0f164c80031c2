'use client'

import { useEffect, useState } from 'react'

/** Told on the page when "Send test event" recorded a delivery, so the deliveries list can load it. */
const TEST_EVENT_SENT = 'webhook-test-event-sent'

export const announceTestEventSent = (): void => {
  window.dispatchEvent(new Event(TEST_EVENT_SENT))
}

/** How many test events this page has sent: a key that changes after each. */
export const useTestEventsSent = (): number => {
  const [sent, setSent] = useState(0)
  useEffect(() => {
    const count = () => setSent((previous) => previous + 1)
    window.addEventListener(TEST_EVENT_SENT, count)
    return () => window.removeEventListener(TEST_EVENT_SENT, count)
  }, [])
  return sent
}
