import type { Request } from '@crm/shared';

/*
 * Issue 33: a stage's "Faltan: …" is said once per stage change. "Once" means: the first time
 * this browser shows it for that request in that stay in the stage (the request's id, stage and
 * `stageChangedAt`, so entering the stage again is a new stay): the board's notice after the
 * move that entered it, or else the Edit Request modal the first time it is opened there (the
 * warning then stays while that modal is open, updating as fields are filled, until
 * "Entendido"). Later opens don't repeat it; "Completar datos" (a link with `focus=`) does.
 * Kept in localStorage, the last STAGE_WARNINGS_KEPT stays: a device's memory, not the
 * server's.
 */

const STORAGE_KEY = 'crm.stageWarnings';
const STAGE_WARNINGS_KEPT = 200;

type StageStay = Pick<Request, '_id' | 'status' | 'stageChangedAt'>;

const keyOf = ({ _id, status, stageChangedAt }: StageStay) => `${_id}|${status}|${stageChangedAt}`;

function read(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((key) => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

/** Whether this stay in the stage has had its warning here already. */
export const stageWarned = (stay: StageStay) => read().includes(keyOf(stay));

/** Remembers that this stay in the stage had its warning. */
export function markStageWarned(stay: StageStay) {
  const key = keyOf(stay);
  const kept = read().filter((known) => known !== key);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify([...kept, key].slice(-STAGE_WARNINGS_KEPT)));
  } catch {
    // Storage full or refused: the warning may show once more, nothing else is lost.
  }
}
