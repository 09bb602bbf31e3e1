/** The board's route (§2); a request's Edit Request modal is at `${BOARD_PATH}/:requestId`. */
export const BOARD_PATH = '/main/requests';
