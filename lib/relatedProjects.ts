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

/** |A ∩ B| / |A ∪ B|, 0 when both are empty. */
export const jaccard = (a: Set<string>, b: Set<string>): number => {
  const union = new Set([...a, ...b]).size
  if (union === 0) return 0
  let shared = 0
  for (const tag of a) if (b.has(tag)) shared++
  return shared / union
}

/**
 * Every other project ordered by likeness to `target`: Jaccard similarity of the tech stacks (case-insensitive)
 * plus 0.5 for the same category; ties go to the newer project, then the higher id, so the order is stable.
 */
export const rankRelatedProjects = <P extends ProjectLike>(target: P, candidates: P[]): P[] => {
  const targetStack = stackOf(target)
  const targetCategory = categoryOf(target)
  return candidates
    .filter((candidate) => Number(candidate.id) !== Number(target.id))
    .map((candidate) => ({
      candidate,
      score:
        jaccard(targetStack, stackOf(candidate)) +
        (targetCategory !== null && categoryOf(candidate) === targetCategory ? SAME_CATEGORY_BONUS : 0),
      created: new Date(String(candidate.createdAt)).getTime(),
    }))
    .sort((a, b) => b.score - a.score || b.created - a.created || Number(b.candidate.id) - Number(a.candidate.id))
    .map(({ candidate }) => candidate)
}
