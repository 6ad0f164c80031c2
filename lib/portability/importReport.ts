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

const DRY_RUN_VERBS: Record<ImportAction, string> = { created: 'would create', updated: 'would update', skipped: 'would skip' }

const line = (outcome: ImportOutcome, dryRun: boolean) => {
  const verb = dryRun ? DRY_RUN_VERBS[outcome.action].padEnd(14) : outcome.action.padEnd(8)
  return `${verb} ${outcome.kind.padEnd(8)} ${outcome.label}${outcome.reason ? `: ${outcome.reason}` : ''}`
}

/** The closing report: one line per created, updated or failed item, then the totals. Unchanged items are only counted. */
export const formatReport = ({ dryRun, outcomes }: ImportReport): string => {
  const listed = outcomes.filter((outcome) => outcome.action !== 'skipped' || outcome.failed)
  const failed = outcomes.filter((outcome) => outcome.failed).length
  const skipped = count(outcomes, 'skipped')
  const total = (action: ImportAction) => `${count(outcomes, action)} ${dryRun ? `would be ${action}` : action}`
  const totals =
    `${dryRun ? 'Dry run, nothing written. ' : ''}${total('created')}, ${total('updated')}, ${total('skipped')} ` +
    `(${skipped - failed} unchanged since the last import, ${failed} with problems).`
  return [...listed.map((outcome) => line(outcome, dryRun)), totals].join('\n')
}

export const hasFailures = (report: ImportReport) => report.outcomes.some((outcome) => outcome.failed)
