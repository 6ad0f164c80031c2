'use client'

import { $isBlockNode, BlockNode, useBlockComponentContext } from '@payloadcms/richtext-lexical/client'
import { $getNodeByKey, type LexicalEditor, SKIP_DOM_SELECTION_TAG } from '@payloadcms/richtext-lexical/lexical'
import { useLexicalComposerContext } from '@payloadcms/richtext-lexical/lexical/react/LexicalComposerContext'
import { useAllFormFields } from '@payloadcms/ui'
import { reduceFieldsToValues } from 'payload/shared'
import { useEffect, useMemo } from 'react'

type Values = Record<string, unknown>

/** Writes the block form's `values` into the block node `nodeKey` where it holds others. */
const keepValues = (editor: LexicalEditor, nodeKey: string, values: Values) => {
  const differs = editor.getEditorState().read(() => {
    const node = $getNodeByKey(nodeKey)
    if (!$isBlockNode(node)) return false
    const held: Values = node.getFields()
    return Object.entries(values).some(([name, value]) => (held[name] ?? null) !== (value ?? null))
  })
  if (!differs) return
  editor.update(
    () => {
      const node = $getNodeByKey(nodeKey)
      if ($isBlockNode(node)) node.setFields({ ...node.getFields(), ...values }, true)
    },
    { tag: SKIP_DOM_SELECTION_TAG },
  )
}

/**
 * Keeps what a block's form shows in the block's node, which is what the document saves. Payload's block form hands
 * its fields to the node only from its form-state round trip, and it skips the round trip for a change made while
 * the previous one was on its way (it takes the merged answer as what it sent), whose answer then writes the older
 * fields into the node: code typed right after choosing the language was saved as an empty fence, alt text typed
 * right after an image's address was saved without it (Payload 3.90; e2e adminDetails). So the form's values are
 * written into the node when they change, and again whenever the node is changed to hold others. For a component
 * rendered inside the block's form (a block's `admin.components.Block`).
 */
export const useBlockFieldsKeptInNode = (): void => {
  const [editor] = useLexicalComposerContext()
  const { nodeKey } = useBlockComponentContext()
  const [fields] = useAllFormFields()
  const values = useMemo(() => reduceFieldsToValues(fields, true) as Values, [fields])
  useEffect(() => {
    keepValues(editor, nodeKey, values)
    // Only a change to this block's node can undo it; typing elsewhere in the editor costs nothing here.
    return editor.registerMutationListener(
      BlockNode,
      (mutations) => {
        if (mutations.get(nodeKey) === 'updated') keepValues(editor, nodeKey, values)
      },
      { skipInitialization: true },
    )
  }, [values, editor, nodeKey])
}
