/** Issue 18: an edit saved says so on the listing's page, which the edit form goes to. */
export const CHANGES_SAVED = 'Changes saved';

/** The history state the edit form leaves with. */
export const SAVED_STATE = { listingSaved: true } as const;

export function isSavedState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'listingSaved' in state && state.listingSaved === true;
}
