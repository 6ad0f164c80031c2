export type ImportAction = 'created' | 'updated' | 'skipped'

export type ImportOutcome = {
  kind: 'article' | 'project' | 'media' | 'category' | 'file'
  label: string
  action: ImportAction
  /** Why it was skipped, or what was worth saying about it (a slug that had to change). */
  reason?: string
  /** A bad source item (not merely unchanged): the run exits with a non-zero code. */
  failed?: boolean
}

export type ImportReport = { dryRun: boolean; outcomes: ImportOutcome[] }

const count = (outcomes: ImportOutcome[], action: ImportAction) => outcomes.filter((outcome) => outcome.action === action).length

/** The closing report: one line per created, updated or failed item, then the totals. Unchanged items are only counted. */
export const formatReport = ({ dryRun, outcomes }: ImportReport): string => {
  const verb = (action: ImportAction) => (dryRun ? `would be ${action}` : action)
  const lines = outcomes
    .filter((outcome) => outcome.action !== 'skipped' || outcome.failed)
    .map((outcome) => {
      const what = `${dryRun ? 'would ' : ''}${outcome.action === 'skipped' ? 'skip' : outcome.action === 'created' ? 'create' : 'update'}`
      return `${(dryRun ? what : outcome.action).padEnd(dryRun ? 14 : 8)} ${outcome.kind.padEnd(8)} ${outcome.label}${outcome.reason ? `: ${outcome.reason}` : ''}`
    })
  const unchanged = outcomes.filter((outcome) => outcome.action === 'skipped' && !outcome.failed).length
  const failed = outcomes.filter((outcome) => outcome.failed).length
  const totals =
    `${dryRun ? 'Dry run, nothing written. ' : ''}${count(outcomes, 'created')} ${verb('created')}, ${count(outcomes, 'updated')} ${verb('updated')}, ` +
    `${count(outcomes, 'skipped')} ${verb('skipped')} (${unchanged} unchanged since the last import, ${failed} with problems).`
  return [...lines, totals].join('\n')
}

export const hasFailures = (report: ImportReport) => report.outcomes.some((outcome) => outcome.failed)
