type ProjectLike = { id: number | string; techStack?: unknown; category?: unknown; createdAt?: unknown }

const SAME_CATEGORY_BONUS = 0.5

const stackOf = (project: ProjectLike): Set<string> =>
  new Set((Array.isArray(project.techStack) ? project.techStack : []).map((tag) => String(tag).trim().toLowerCase()))

const categoryOf = (project: ProjectLike): number | null => {
  const category = project.category
  if (typeof category === 'number') return category
  if (category && typeof category === 'object' && 'id' in category) return Number((category as { id: unknown }).id)
  return null
}

/** A project with what scoring reads worked out once: its tag set, its category and its creation time. */
export type RankingEntry<P> = { project: P; id: number; stack: Set<string>; category: number | null; created: number }

/** Prepares projects for ranking; a list ranked many times over (every related request) is prepared once. */
export const rankingEntries = <P extends ProjectLike>(projects: P[]): RankingEntry<P>[] =>
  projects.map((project) => ({
    project,
    id: Number(project.id),
    stack: stackOf(project),
    category: categoryOf(project),
    created: new Date(String(project.createdAt)).getTime(),
  }))

/** Jaccard similarity |A ∩ B| / |A ∪ B|, 0 when both are empty, without building the union: |A ∪ B| = |A| + |B| - |A ∩ B|. */
export const similarity = (a: Set<string>, b: Set<string>): number => {
  let shared = 0
  for (const tag of a) if (b.has(tag)) shared++
  const union = a.size + b.size - shared
  return union === 0 ? 0 : shared / union
}

/**
 * Every other project ordered by likeness to `target`: Jaccard similarity of the tech stacks (case-insensitive)
 * plus 0.5 for the same category; ties go to the newer project, then the higher id, so the order is stable.
 */
export const rankEntries = <P>(target: RankingEntry<P>, entries: RankingEntry<P>[]): P[] =>
  entries
    .filter((entry) => entry.id !== target.id)
    .map((entry) => ({
      entry,
      score:
        similarity(target.stack, entry.stack) + (target.category !== null && entry.category === target.category ? SAME_CATEGORY_BONUS : 0),
    }))
    .sort((a, b) => b.score - a.score || b.entry.created - a.entry.created || b.entry.id - a.entry.id)
    .map(({ entry }) => entry.project)
