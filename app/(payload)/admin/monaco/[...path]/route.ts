import { monacoFileResponse } from '../../../../../lib/monaco/monacoFiles'

/** Monaco's files for the admin UI's code editors, from this service rather than a CDN (lib/monaco/). */
export const GET = async (_request: Request, { params }: { params: Promise<{ path: string[] }> }): Promise<Response> =>
  monacoFileResponse((await params).path)
