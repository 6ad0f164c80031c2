/** Page sizes and depth for queries from outside the process (`/cms-api` REST and GraphQL), API.md "What no request may do". */
export const QUERY_BOUNDS = {
  /** Largest page an anonymous caller or a member may ask for; more, `limit=0` or `pagination=false` is a 400. */
  publicLimit: 100,
  /** Largest page staff get: a larger one, `limit=0` or `pagination=false` is cut to this many. */
  staffLimit: 1000,
  /** Deepest population of relationships, for everyone (a deeper `depth` is cut to this). */
  depth: 3,
  /**
   * Conditions in one `where`, anonymous callers and members: 200 conditions on the articles' titles took 310 ms with
   * 10,000 of them (SQLite). Staff get more, within the 64 tables SQLite joins (one per condition through a relationship).
   */
  publicConditions: 20,
  staffConditions: 50,
  /**
   * Values in the lists of one `where` (`in`, `not_in`, `all`), for everyone: 10,000 took 146 ms of the event loop,
   * and 40,000 were a 500 (more variables than SQLite binds).
   */
  listedValues: 1000,
  /**
   * Characters in one text operand (`like`, `equals`...), anonymous callers and members; staff's bound sits below the
   * 50,000 bytes past which SQLite refuses a LIKE pattern (a 500).
   */
  publicTextLength: 1000,
  staffTextLength: 10_000,
  /**
   * Fields of a document a client sends, for everyone: Payload copies every key it is sent through its hooks several
   * times, and an editor's PATCH of 50,000 keys (0.8 MB) held the event loop 2.5 s, one of 230,000 (4 MB) ran the
   * process out of memory.
   */
  documentFields: 1000,
} as const

/** GraphQL operations from outside the process (lib/graphqlBounds.ts). */
export const GRAPHQL_BOUNDS = {
  /** Fields at the root of one operation, aliases counted. */
  rootFields: 20,
  /** Fields nested in fields, the root one counting as 1. */
  depth: 6,
  /**
   * Selection sets nested in each other, fragments and inline fragments included (they add no field depth): Payload's
   * complexity count recurses once a level and ran out of stack at 2,000 spreads of one fragment in the next.
   */
  nesting: 32,
  /** Payload's complexity score (1 per field, 10 per relationship or join) an anonymous caller or a member may spend. */
  publicComplexity: 250,
  /** Tokens in one document (names, punctuation, values), for everyone: 20 root fields of 30 fields each need about 1,500. */
  tokens: 4000,
} as const
