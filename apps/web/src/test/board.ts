import { act, screen, within } from '@testing-library/react';
import { db } from './fake-api';
import { setupUser } from './user';

// The board as a person sees it in a test: its columns by title, its cards by the request's name
// (a card is named "Solicitud N: <name>"), the moves sent, and a keyboard drag.

/** A stage's column, by its title ("NUEVA SOLICITUD"). */
export const column = (title: string) => screen.getByRole('region', { name: title });

const cardNamed = (name: string) => ({ name: new RegExp(`: ${name}$`) });

/** The card of the request named `name`, once it shows. */
export const findCard = (name: string) => screen.findByRole('article', cardNamed(name));

/** The card of the request named `name` in the column titled `title`, once it shows there. */
export const findCardIn = (title: string, name: string) =>
  within(column(title)).findByRole('article', cardNamed(name));

/** The card of the request named `name` in the column titled `title`, or null. */
export const queryCardIn = (title: string, name: string) =>
  within(column(title)).queryByRole('article', cardNamed(name));

/** The moves sent to the API so far (PATCH …/status). */
export const moveCalls = () =>
  db.calls.filter((call) => call.method === 'PATCH' && call.path.endsWith('/status'));

/**
 * A keyboard drag, as a person starts it: the card has the focus, Space picks it up, each
 * ArrowRight goes one column right. The card is still held.
 */
export async function pickUpAndMove(card: HTMLElement, steps: string) {
  const user = setupUser();
  act(() => card.focus());
  await user.keyboard('[Space]');
  await user.keyboard(steps);
  return user;
}

/** A whole keyboard drag: picked up, moved by `steps`, and dropped with Space. */
export async function dragWithKeys(card: HTMLElement, steps: string) {
  const user = await pickUpAndMove(card, steps);
  await user.keyboard('[Space]');
  return user;
}
