import type { IncomingMessage } from 'node:http'

import proxyAddress from 'proxy-addr'

/**
 * The client's address as Express's `req.ip` gives it under a boolean `trust proxy` (TRUST_PROXY), for the answers
 * written before Express: Express asks proxy-addr the same question, trusting every hop or none.
 */
export const clientAddressOf = (req: IncomingMessage, trustProxy: boolean): string =>
  proxyAddress(req, () => trustProxy) || (req.socket.remoteAddress ?? 'unknown')
