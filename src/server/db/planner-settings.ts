/**
 * The planner settings every connection gets, on either engine.
 *
 * SORT_MEMORY: what a sort or a window may use before spilling to temporary files. PostgreSQL's
 * 4 MB suits a server shared by many connections; ranking the matches of a search among 100,000
 * courses fits in 32 MB: p95 69 → 56 ms (issue 16, goal 5; decision 032).
 *
 * RANDOM_PAGE_COST: what a page read out of order costs, against 1 for one read in order.
 * PostgreSQL's 4 prices a seek on a spinning disk; PGlite's pages are all in memory and a server's
 * are on SSDs or cached, where both cost about the same. With 4 the planner reads a whole table
 * rather than probe an index a few thousand times: an organisation's dashboard searched among
 * 100,000 members, 93 → 16 ms (decision 065).
 */
export const SORT_MEMORY = '32MB';
export const RANDOM_PAGE_COST = '1.1';
