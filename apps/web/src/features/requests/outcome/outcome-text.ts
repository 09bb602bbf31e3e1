import { OUTCOME_LABELS, type Outcome } from '@crm/shared';

/** A closed request's outcome in words: "Ganada", "Perdida: Precio", "Sin resultado". */
export function outcomeText(outcome: Outcome | null): string {
  if (!outcome) return OUTCOME_LABELS.none;
  if (outcome.result === 'won') return OUTCOME_LABELS.won;
  return outcome.reason ? OUTCOME_LABELS.lostBecause(outcome.reason) : OUTCOME_LABELS.lost;
}
