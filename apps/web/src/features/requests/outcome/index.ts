// The door of requests/outcome (issue 21): the closing question ("¿Ganada o perdida?") in front
// of every move to CERRADO, the outcome's fields and words, for the board, the card and the modal.
export { OutcomeQuestionHost } from './outcome-question-host';
export { useMoveWithOutcome } from './use-move-with-outcome';
// Issue 24: a bulk move to CERRADO asks once for the whole selection.
export { askOutcome } from './outcome-question';
export { OutcomeFields, type OutcomeDraft } from './outcome-fields';
export { draftOfOutcome, outcomeOfDraft } from './outcome-draft';
export { outcomeText } from './outcome-text';
