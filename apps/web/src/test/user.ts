import userEvent from '@testing-library/user-event';

/**
 * A person at the keyboard and the pointer, without user-event's pause between keys (`delay:
 * null`): the pause is a timer per key and per pointer step, about a tenth of the suite's time,
 * and nothing in the app waits on it (the board search's debounce is waited for by the tests that
 * need it).
 */
export const setupUser = () => userEvent.setup({ delay: null });

export type User = ReturnType<typeof setupUser>;
