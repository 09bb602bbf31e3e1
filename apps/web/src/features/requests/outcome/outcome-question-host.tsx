import { OutcomeDialog } from './outcome-dialog';
import { useOutcomeQuestion } from './outcome-question';

/** Draws the closing question while one waits for its answer (the board and the modal's
 * own route each mount one; one draws it). */
export function OutcomeQuestionHost() {
  const question = useOutcomeQuestion();
  if (!question) return null;
  return (
    <OutcomeDialog
      key={question.request._id}
      requestName={question.request.name}
      onAnswer={question.answer}
    />
  );
}
