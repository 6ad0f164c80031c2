import { createAccount, loginToken } from './accounts'
import { bootService, type BootedService } from './bootService'
import { createCategory } from './content'

export type EditorSession = {
  service: BootedService
  /** The editor's bearer token as a header. */
  auth: () => { Authorization: string }
  /** An article category to file articles under. */
  categoryId: number
}

/** A service with an editor logged in and an article category: where content tests start. Stop it in afterAll. */
export const startEditorSession = async (): Promise<EditorSession> => {
  const service = await bootService()
  const editor = await createAccount(service.payload, 'editor')
  const token = await loginToken(service, editor.email)
  const categoryId = await createCategory(service.payload, 'Notes')
  return { service, auth: () => ({ Authorization: `Bearer ${token}` }), categoryId }
}
