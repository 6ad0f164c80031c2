import { Gutter, SetDocumentStepNav, Table } from '@payloadcms/ui'
import type { CollectionSlug, Column, DocumentViewServerProps, Payload } from 'payload'

import { VersionSavedAt } from './VersionSavedAt'

/** More than any collection keeps (fields/revisionFields.ts): the whole history on one page. */
const VERSIONS_SHOWN = 100

type VersionRow = { id: number | string; updatedAt: string; version: { lastEditedBy?: number | { id: number } | null } }

const editorIdOf = (row: VersionRow): number | undefined => {
  const editor = row.version.lastEditedBy
  return typeof editor === 'object' && editor !== null ? editor.id : (editor ?? undefined)
}

/** Names of the accounts that saved the versions, in one query (an editor may not read other accounts, but sees who saved). */
const editorNames = async (payload: Payload, ids: number[]): Promise<Map<number, string>> => {
  if (ids.length === 0) return new Map()
  const users = await payload.find({
    collection: 'users',
    where: { id: { in: ids } },
    select: { name: true },
    depth: 0,
    limit: ids.length,
    overrideAccess: true,
  })
  return new Map(users.docs.map((user) => [user.id, user.name || `User ${user.id}`]))
}

const column = (accessor: string, label: string, renderedCells: React.ReactNode[]): Column => ({
  accessor,
  active: true,
  field: { name: accessor, type: 'text' },
  Heading: <span>{label}</span>,
  renderedCells,
})

/**
 * A record's versions tab: each save with its date and time to the second and who saved it, newest first. Payload's
 * own list shows the minute and the version's id, so saves within one minute looked alike. Opening one leads to
 * Payload's version view (compare, restore).
 */
export const VersionHistory = async ({ initPageResult: { collectionConfig, docID, req } }: DocumentViewServerProps) => {
  if (!collectionConfig || docID === undefined) return null
  const slug = collectionConfig.slug as CollectionSlug
  const versions = await req.payload.findVersions({
    collection: slug,
    where: { parent: { equals: docID } },
    sort: '-updatedAt',
    limit: VERSIONS_SHOWN,
    depth: 0,
    overrideAccess: false,
    req,
  })
  const rows: VersionRow[] = versions.docs.map(({ id, updatedAt, version }) => ({
    id,
    updatedAt,
    version: { lastEditedBy: 'lastEditedBy' in version ? version.lastEditedBy : null },
  }))
  const names = await editorNames(req.payload, [...new Set(rows.map(editorIdOf).filter((id) => id !== undefined))])
  const base = `${req.payload.config.routes.admin}/collections/${slug}/${docID}/versions`
  const plural = collectionConfig.labels.plural
  const columns = [
    column('updatedAt', 'Saved at', rows.map((row) => <VersionSavedAt date={row.updatedAt} href={`${base}/${row.id}`} key={row.id} />)),
    column(
      'savedBy',
      'Saved by',
      rows.map((row) => {
        const id = editorIdOf(row)
        return <span key={row.id}>{id === undefined ? 'No one (a scheduled publish or a script)' : (names.get(id) ?? `User ${id}`)}</span>
      }),
    ),
  ]

  return (
    <>
      <SetDocumentStepNav
        collectionSlug={slug}
        id={docID}
        pluralLabel={typeof plural === 'function' ? plural({ i18n: req.i18n, t: req.t }) : plural}
        useAsTitle={collectionConfig.admin.useAsTitle}
        view={req.i18n.t('version:versions')}
      />
      <main className="versions">
        <Gutter className="versions__wrap">
          {rows.length === 0 ? <div className="versions__no-versions">{req.i18n.t('version:noFurtherVersionsFound')}</div> : <Table columns={columns} data={rows} />}
        </Gutter>
      </main>
    </>
  )
}
