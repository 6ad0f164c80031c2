'use client'

import { Button, useConfig, useDocumentInfo } from '@payloadcms/ui'
import { useState } from 'react'

import { announceTestEventSent } from './webhookTestSignal'

type Outcome = { ok: boolean; text: string; delivery?: number }

type TestAnswer = { delivery?: number; ok?: boolean; summary?: string; error?: string | null; errors?: { message?: string }[] }

/**
 * The webhook page's "Send test event" button (sidebar): POSTs `/cms-api/webhooks/:id/test`, which sends a signed
 * `webhook.test` event now and records it with the deliveries, and shows the outcome under the button: "Delivered:
 * 200 in 35 ms" or "Failed: 500 in 12 ms (HTTP 500: …)" / "Failed: connection refused (ECONNREFUSED) (3 ms)".
 * The button keeps its label while sending (it is only disabled); the outcome is in the `role="status"` line, with a
 * link to the recorded delivery, which the page's Deliveries list then shows (components/WebhookDeliveriesField.tsx).
 */
export const SendTestEvent = () => {
  const { id } = useDocumentInfo()
  const {
    config: {
      routes: { admin, api },
      serverURL,
    },
  } = useConfig()
  const [sending, setSending] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>()

  if (id === undefined || id === null) {
    return <p className="field-description">Save the webhook, then send it a test event from here.</p>
  }

  const send = async () => {
    setSending(true)
    setOutcome(undefined)
    try {
      const res = await fetch(`${serverURL ?? ''}${api}/webhooks/${id}/test`, { method: 'POST', credentials: 'include' })
      const answer = (await res.json().catch(() => ({}))) as TestAnswer
      if (!res.ok) {
        setOutcome({ ok: false, text: `Not sent: ${answer.errors?.[0]?.message ?? `HTTP ${res.status}`}` })
      } else if (answer.ok) {
        setOutcome({ ok: true, text: `Delivered: ${answer.summary ?? ''}`, delivery: answer.delivery })
      } else {
        const detail = answer.error && !answer.summary?.includes(answer.error) ? ` (${answer.error})` : ''
        setOutcome({ ok: false, text: `Failed: ${answer.summary ?? 'no answer'}${detail}`, delivery: answer.delivery })
      }
    } catch {
      setOutcome({ ok: false, text: 'Not sent: the service could not be reached.' })
    } finally {
      setSending(false)
      announceTestEventSent()
    }
  }

  return (
    <div className="field-type" style={{ marginBottom: 'calc(var(--base) * 1.5)' }}>
      <Button aria-label="Send test event" buttonStyle="secondary" disabled={sending} id="send-test-event" margin={false} onClick={send} size="medium">
        Send test event
      </Button>
      <p
        aria-live="polite"
        data-webhook-test-result={outcome ? (outcome.ok ? 'ok' : 'failed') : sending ? 'sending' : 'idle'}
        role="status"
        style={{ color: outcome && !outcome.ok ? 'var(--theme-error-500)' : 'var(--theme-elevation-600)', marginTop: 'calc(var(--base) / 2)' }}
      >
        {outcome?.text ?? (sending ? 'Sending…' : 'Sends a signed webhook.test event now; it is listed with the deliveries.')}
      </p>
      {outcome?.delivery !== undefined && (
        <a data-webhook-test-delivery={outcome.delivery} href={`${admin}/collections/webhook-deliveries/${outcome.delivery}`}>
          View the delivery
        </a>
      )}
    </div>
  )
}
