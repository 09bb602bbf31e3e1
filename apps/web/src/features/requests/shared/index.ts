// The door of requests/shared: what the requests sub-features have in common (the board's path
// and its focus handoff with the Edit Request modal, the requests' select options, the §5
// missing-field words). It imports no other sub-feature, so every one of them may import it.
export { BOARD_PATH, FOCUS_PARAM } from './board-path';
export { CARD_EDIT_ATTRIBUTE, cardElement, columnElement, requestFocusTarget } from './board-focus';
export {
  MAX_NAMED_FIELDS,
  firstFillableField,
  fixableMissing,
  missingSentence,
  type MissingField,
} from './missing-fields';
export { markStageWarned, stageWarned } from './stage-warnings';
export {
  ExecutiveOptions,
  Options,
  PRIORITY_OPTIONS,
  REQUEST_TYPE_OPTIONS,
  STAGE_OPTIONS,
  type SelectOption,
} from './select-options';
export { CollapsibleSection, type CollapsibleSectionProps } from './collapsible-section';
export { ACTION_NOTICE_MS } from './action-notice';
export { NoticeAction } from './notice-action';
