'use client'

import { CodeBlockBlockComponent } from '@payloadcms/richtext-lexical/client'
import type { ComponentProps } from 'react'

import { useBlockFieldsKeptInNode } from './blockFieldsInNode'

/** Payload's code block, whose node always holds what its form shows (language, code, …): see blockFieldsInNode. */
export const CodeBlockKeepingCode = (props: ComponentProps<typeof CodeBlockBlockComponent>) => {
  useBlockFieldsKeptInNode()
  return <CodeBlockBlockComponent {...props} />
}
