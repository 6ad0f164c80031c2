// Answered before Next, as the standalone service answers them: a path that is not valid percent-encoding (Next
// answered a plain-text 500) is a 400 in the door's error shape; a stranger's call of the admin UI's server functions
// (Next server actions, which Next answers with a 500 and a logged stack when they fail) is a 401, or a 403 for a
// site member. Staff's calls, and the first account's sign-up, go on to Next.
import payloadConfig from '@payload-config'
import { refusalBeforeNext } from 'blog-portfolio-service'
import { getPayload } from 'payload'

export const proxy = (request: Request) => refusalBeforeNext(getPayload({ config: payloadConfig, cron: true }), request)

export const config = {
  matcher: [{ source: '/admin/:path*', has: [{ type: 'header', key: 'next-action' }] }, '/:path(.*%.*)'],
}
