import { useRef } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { BOARD_SCROLL_STEP_PX } from '@crm/shared';
import { addRequest, addUser, rememberBoardFilters } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render';
import { useBoardKeyboardScroll } from './use-board-keyboard-scroll';
import { setupUser } from '../../../../test/user';

// jsdom has no layout, so elements have no scrollBy: each test gets a spy in its place.
let scrollBy: Mock<(options?: ScrollToOptions) => void>;

beforeEach(() => {
  scrollBy = vi.fn();
  Object.defineProperty(HTMLElement.prototype, 'scrollBy', {
    configurable: true,
    writable: true,
    value: scrollBy,
  });
});

afterEach(() => {
  delete (HTMLElement.prototype as Partial<HTMLElement>).scrollBy;
});

/** The elements scrollBy was called on, in order. */
const scrolledElements = () => scrollBy.mock.contexts;

/** A board wired to the hook, next to the kinds of targets whose arrow keys are not the board's. */
function Harness() {
  const ref = useRef<HTMLDivElement>(null);
  useBoardKeyboardScroll(ref);
  return (
    <>
      <div ref={ref} data-testid="board">
        <button type="button">Tarjeta</button>
      </div>
      <label>
        Buscar
        <input />
      </label>
      <label>
        Nota
        <textarea />
      </label>
      <label>
        Etapa
        <select>
          <option>Uno</option>
          <option>Dos</option>
        </select>
      </label>
      <div contentEditable suppressContentEditableWarning aria-label="Editor" role="textbox" />
      <div role="dialog" aria-label="Diálogo">
        <button type="button">Dentro del diálogo</button>
      </div>
      <div role="alertdialog" aria-label="Confirmar">
        <button type="button">Dentro de la alerta</button>
      </div>
    </>
  );
}

describe('board keyboard scroll (§2, §9)', () => {
  it('the step is the 30px of §9', () => {
    expect(BOARD_SCROLL_STEP_PX).toBe(30);
  });

  it('ArrowDown scrolls the board down by 30px and ArrowUp scrolls it up by 30px', async () => {
    render(<Harness />);
    const user = setupUser();

    await user.keyboard('{ArrowDown}');
    await user.keyboard('{ArrowUp}');

    expect(scrollBy).toHaveBeenCalledTimes(2);
    expect(scrollBy.mock.calls[0]?.[0]).toMatchObject({ top: BOARD_SCROLL_STEP_PX });
    expect(scrollBy.mock.calls[1]?.[0]).toMatchObject({ top: -BOARD_SCROLL_STEP_PX });
    expect(scrolledElements()).toEqual([screen.getByTestId('board'), screen.getByTestId('board')]);
  });

  it("keeps the page itself from scrolling too (the key's default is prevented)", () => {
    render(<Harness />);
    expect(fireEvent.keyDown(document.body, { key: 'ArrowDown' })).toBe(false);
    expect(fireEvent.keyDown(document.body, { key: 'ArrowLeft' })).toBe(true);
  });

  it('also scrolls when a card button inside the board has the focus', async () => {
    render(<Harness />);
    const user = setupUser();
    screen.getByRole('button', { name: 'Tarjeta' }).focus();

    await user.keyboard('{ArrowDown}');

    expect(scrollBy).toHaveBeenCalledTimes(1);
    expect(scrolledElements()[0]).toBe(screen.getByTestId('board'));
  });

  it('other keys do not scroll the board', async () => {
    render(<Harness />);
    await setupUser().keyboard('{ArrowLeft}{ArrowRight}{PageDown}{Enter}a');
    expect(scrollBy).not.toHaveBeenCalled();
  });

  it('arrow keys with Alt, Ctrl or Meta held do not scroll the board', async () => {
    render(<Harness />);
    await userEvent
      .setup()
      .keyboard('{Alt>}{ArrowDown}{/Alt}{Control>}{ArrowDown}{/Control}{Meta>}{ArrowUp}{/Meta}');
    expect(scrollBy).not.toHaveBeenCalled();
  });

  it.each([
    ['an input', 'Buscar'],
    ['a textarea', 'Nota'],
    ['a select', 'Etapa'],
    ['a contenteditable area', 'Editor'],
  ])('while typing in %s, the arrow keys are left to it', async (_kind, label) => {
    render(<Harness />);
    const user = setupUser();
    await user.click(screen.getByLabelText(label));
    expect(screen.getByLabelText(label)).toHaveFocus();

    await user.keyboard('{ArrowDown}{ArrowUp}');

    expect(scrollBy).not.toHaveBeenCalled();
  });

  it.each([
    ['a dialog', 'Dentro del diálogo'],
    ['an alert dialog', 'Dentro de la alerta'],
  ])('while %s has the focus, the arrow keys do not scroll the board', async (_kind, button) => {
    render(<Harness />);
    const user = setupUser();
    screen.getByRole('button', { name: button }).focus();

    await user.keyboard('{ArrowDown}{ArrowUp}');

    expect(scrollBy).not.toHaveBeenCalled();
  });
});

describe('board keyboard scroll on the requests board (/main/requests)', () => {
  async function openBoard() {
    addRequest({ name: 'Cliente' });
    renderApp('/main/requests', rememberBoardFilters(addUser({ role: 'vendor' })));
    await screen.findByRole('article', { name: /Cliente/ });
    return setupUser();
  }

  it('ArrowDown and ArrowUp scroll the board element by +30px and -30px', async () => {
    const user = await openBoard();

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');

    const board = screen.getByTestId('board');
    expect(scrollBy.mock.calls.map(([options]) => options?.top)).toEqual([
      BOARD_SCROLL_STEP_PX,
      BOARD_SCROLL_STEP_PX,
      -BOARD_SCROLL_STEP_PX,
    ]);
    expect(scrolledElements()).toEqual([board, board, board]);
  });

  it('while the Create Request dialog is open and its fields are typed in, the board does not scroll', async () => {
    const user = await openBoard();
    await user.click(screen.getByRole('button', { name: 'Crear solicitud' }));
    await screen.findByRole('dialog');

    await user.keyboard('{ArrowDown}{ArrowUp}');
    await user.click(screen.getByLabelText('Name'));
    await user.keyboard('{ArrowDown}{ArrowUp}');
    await user.click(screen.getByLabelText('Message'));
    await user.keyboard('{ArrowDown}');

    expect(scrollBy).not.toHaveBeenCalled();
  });

  it('once the dialog is closed, the arrow keys scroll the board again', async () => {
    const user = await openBoard();
    await user.click(screen.getByRole('button', { name: 'Crear solicitud' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.keyboard('{ArrowDown}');

    expect(scrollBy).toHaveBeenCalledTimes(1);
    expect(scrolledElements()[0]).toBe(screen.getByTestId('board'));
  });
});
