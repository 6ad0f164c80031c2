/**
 * The parts of a multipart write that Payload parses as JSON: `_payload`, the document's fields (as the admin UI and
 * clients send them), and `file` when it is text (a reference to a file a client uploaded elsewhere).
 */
const JSON_PARTS = ['_payload', 'file']

export const isMultipart = (request: Request): boolean => /^multipart\/form-data\b/i.test(request.headers.get('content-type') ?? '')

/**
 * The text of each part of a multipart body that Payload parses as JSON; undefined when the body cannot be read as
 * multipart at all (Payload would then not find its fields either).
 */
export const jsonPartsOf = async (body: ArrayBuffer, contentType: string): Promise<string[] | undefined> => {
  try {
    const form = await new Response(body, { headers: { 'content-type': contentType } }).formData()
    return JSON_PARTS.flatMap((name) => form.getAll(name).filter((value) => typeof value === 'string'))
  } catch {
    return undefined
  }
}
