'use client'

import { Link, useTranslation } from '@payloadcms/ui'
import { formatDate } from '@payloadcms/ui/shared'

/** date-fns: "Nov 27, 2026, 4:57:07 PM", to the second, so saves made within one minute differ. */
export const SAVED_AT_FORMAT = 'PPpp'

/** The versions list's first cell: when the version was saved, in the editor's own time zone, linking to it. */
export const VersionSavedAt = ({ date, href }: { date: string; href: string }) => {
  const { i18n } = useTranslation()
  return (
    <Link href={href} prefetch={false}>
      <time dateTime={date}>{formatDate({ date, i18n, pattern: SAVED_AT_FORMAT })}</time>
    </Link>
  )
}
