// The admin UI's server functions (form state, document views) are Next server actions: a POST with a `Next-Action`
// header to an admin page. Next answers a stranger's call with a 500 and logs its stack; the plugin answers it first
// (401 without a session, 403 for a site member), as the standalone service does.
import payloadConfig from '@payload-config'
import { serverActionRefusal } from 'blog-portfolio-service'
import { getPayload } from 'payload'

export const proxy = (request: Request) => serverActionRefusal(getPayload({ config: payloadConfig, cron: true }), request.headers)

export const config = {
  matcher: [{ source: '/admin/:path*', has: [{ type: 'header', key: 'next-action' }] }],
}
