/** NDCG@10 and reciprocal rank, as both relevance sets define them (gain 2^grade − 1). */
export const K = 10;

const gain = (g: number) => 2 ** g - 1;
const dcg = (grades: readonly number[]) => grades.slice(0, K).reduce((sum, g, i) => sum + gain(g) / Math.log2(i + 2), 0);

/** NDCG@10 of a result list's grades against the ideal order of every graded listing. */
export function ndcgAt10(resultGrades: readonly number[], allGrades: readonly number[]): number {
  const ideal = dcg([...allGrades].sort((a, b) => b - a));
  return ideal === 0 ? 0 : dcg(resultGrades) / ideal;
}

/** 1 / rank of the first result of grade ≥ 2 within the first 10 (0 when none). */
export function reciprocalRank(resultGrades: readonly number[]): number {
  const index = resultGrades.slice(0, K).findIndex((g) => g >= 2);
  return index < 0 ? 0 : 1 / (index + 1);
}

/**
 * The listings of a search's first page in the order a buyer sees them: the matches, then
 * plain search's similar listings (shown after them under "Similar listings").
 */
export function shownInOrder<T>(body: { items: T[]; similar?: T[] }): T[] {
  return [...body.items, ...(body.similar ?? [])];
}
