'use client'

import { useBlockComponentContext } from '@payloadcms/richtext-lexical/client'
import { useLexicalEditable } from '@payloadcms/richtext-lexical/lexical/react/useLexicalEditable'
import { RenderFields } from '@payloadcms/ui'

import { useBlockFieldsKeptInNode } from './blockFieldsInNode'

/**
 * A block as Payload draws one without a component of its own (its fields inside its collapsible row), whose node
 * always holds what its form shows: see blockFieldsInNode.
 */
export const BlockKeepingFields = () => {
  useBlockFieldsKeptInNode()
  const { BlockCollapsible, formSchema } = useBlockComponentContext()
  const isEditable = useLexicalEditable()
  return (
    <BlockCollapsible editButton={false}>
      <RenderFields fields={formSchema} forceRender parentIndexPath="" parentPath="" parentSchemaPath="" permissions readOnly={!isEditable} />
    </BlockCollapsible>
  )
}
