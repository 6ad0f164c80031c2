// The blog-portfolio /api contract, served by this app: every method of every path under /api goes to the plugin's
// Web-standard app (Request -> Response), over the same Payload instance as the admin UI and /cms-api.
import config from '@payload-config'
import { type BlogApi, createBlogApi, readEnv, selectDatabase } from 'blog-portfolio-service'
import { getPayload } from 'payload'

let api: Promise<BlogApi> | undefined

const blogApi = (): Promise<BlogApi> =>
  (api ??= (async () => {
    const env = readEnv(process.env)
    // `cron: true`: this process serves requests, so it runs the plugin's jobs (scheduled posts, webhooks) too.
    const payload = await getPayload({ config, cron: true })
    return createBlogApi({ payload, env, database: selectDatabase(env.databaseUrl, env.dataDir).kind })
  })())

const handle = async (request: Request): Promise<Response> => (await blogApi()).fetch(request)

export const dynamic = 'force-dynamic'

export const GET = handle
export const POST = handle
export const PUT = handle
export const PATCH = handle
export const DELETE = handle
export const OPTIONS = handle
export const HEAD = handle
