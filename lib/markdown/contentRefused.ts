/** Content a save cannot take, and the field it came in: the collection's hook answers it as that field's error. */
export class ContentRefusedError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message)
    this.name = 'ContentRefusedError'
  }
}

export const RICH_TEXT_MALFORMED_MESSAGE = 'Not a rich text the editor can save: a node lacks a part or has one of the wrong type.'
