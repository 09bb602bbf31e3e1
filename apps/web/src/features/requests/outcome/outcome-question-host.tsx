import { lazy, Suspense } from 'react';
import type { Request } from '@crm/shared';

// A chunk of its own (LAZY_PARTS in scripts/check-budgets.mjs), loaded on the first close.
const OutcomeDialog = lazy(() =>
  import('./outcome-dialog').then((module) => ({ default: module.OutcomeDialog })),
);
import { useOutcomeQuestion } from './outcome-question';

/**
 * What "Monto pagado" starts with (issue 33): the expected value, else what is already recorded
 * as paid, else nothing (the §5 placeholder 0 is no amount).
 */
const suggestedAmount = (request: Request): number | null =>
  request.expectedValue ?? (request.amoutPaid > 0 ? request.amoutPaid : null);

/** Draws the closing question while one waits for its answer (the board and the modal's
 * own route each mount one; one draws it). */
export function OutcomeQuestionHost() {
  const question = useOutcomeQuestion();
  if (!question) return null;
  return (
    <Suspense fallback={null}>
      <OutcomeDialog
        key={question.request._id}
        requestName={question.request.name}
        amount={question.askAmount ? suggestedAmount(question.request) : undefined}
        onAnswer={question.answer}
      />
    </Suspense>
  );
}
