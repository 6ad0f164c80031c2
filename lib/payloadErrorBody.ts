/** An error as Payload's REST API writes one, the shape every door but `/api` answers in. */
export const payloadErrorBody = (message: string): { errors: [{ message: string }] } => ({ errors: [{ message }] })
