import type { SearchKind } from '../db/searchTables'

export type SearchHit = { kind: SearchKind; id: number; score: number; title: string; slug: string | null; excerpt: string; plain: string }
export type SearchPage = { total: number; hits: SearchHit[] }

export type SearchTier = 'title' | 'body'
/** A hit as an index ranks it: higher `rank` is better within its tier. */
export type RankedHit = Omit<SearchHit, 'score'> & { rank: number }

/**
 * How one index answers a search (the database's statements or the memory copy): how many entries match (all, and
 * those whose title holds every term), and one page of a tier, ranked, or (`ranked` false) newest first.
 */
export type TierReader = {
  counts: () => Promise<{ inTitle: number; total: number }>
  page: (tier: SearchTier, limit: number, offset: number, ranked: boolean) => Promise<RankedHit[]>
}

/**
 * A group with more matches than this is listed newest first instead of ranked. Ranking reads every match's
 * statistics: a word held by thousands of entries cost 10-25 ms to rank on 10,000 articles (against 0.2 ms to
 * list), and such a word says little about which entry fits best anyway.
 */
export const RANKED_MATCHES_MAX = 300

/** A score in (1, 2) for entries whose title holds every term, in (0, 1) for the others: higher is better. */
export const tierScore = (tier: SearchTier, rank: number) => (tier === 'title' ? 1 : 0) + Math.max(0, rank) / (1 + Math.max(0, rank))

/** The score of the `position`-th entry (from 0) of a group listed newest first: falling with the position. */
const positionRank = (position: number) => 1 / (position + 1)

export type PageWanted = {
  limit: number
  offset: number
  /** Past this many matches a group is listed newest first (`RANKED_MATCHES_MAX` unless given). */
  rankedMatchesMax?: number
}

/**
 * One page of matches: entries whose title holds every term come first, then the others, each ranked by the index
 * (title matches weighing ten times body matches), or newest first when the group has more than `rankedMatchesMax`
 * entries. Ranking in two tiers keeps a common word cheap: its title matches are few, and idf-based ranks of a word in
 * nearly every body say nothing anyway (FTS5 clamps them to almost 0).
 */
export const pageOfTiers = async (reader: TierReader, { limit, offset, rankedMatchesMax = RANKED_MATCHES_MAX }: PageWanted): Promise<SearchPage> => {
  const { inTitle, total } = await reader.counts()
  const hits: SearchHit[] = []
  const take = async (tier: SearchTier, matches: number, tierLimit: number, tierOffset: number) => {
    const ranked = matches <= rankedMatchesMax
    const found = await reader.page(tier, tierLimit, tierOffset, ranked)
    hits.push(...found.map(({ rank, ...hit }, index) => ({ ...hit, score: tierScore(tier, ranked ? rank : positionRank(tierOffset + index)) })))
  }
  if (offset < inTitle) await take('title', inTitle, limit, offset)
  const titleRows = Math.max(0, Math.min(limit, inTitle - offset))
  if (titleRows < limit && total > inTitle) await take('body', total - inTitle, limit - titleRows, Math.max(0, offset - inTitle))
  return { total, hits }
}
