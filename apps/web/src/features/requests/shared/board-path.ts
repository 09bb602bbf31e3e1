/** The board's route (§2); a request's Edit Request modal is at `${BOARD_PATH}/:requestId`. */
export const BOARD_PATH = '/main/requests';
/** `focus=<field>` opens a request's modal at that field (the board's "Completar datos"). */
export const FOCUS_PARAM = 'focus';
