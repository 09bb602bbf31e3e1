import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify } from '../lib/notify';
import { Notices } from './notices';
import { setupUser } from '../test/user';

const toastOf = (text: string) => screen.getByText(text).closest<HTMLElement>('.Toastify__toast');

describe('notices (issue 25: out of the way)', () => {
  it('sit at the bottom right, are announced politely, and last about 5 s (their progress bar)', async () => {
    render(<Notices />);

    notify.success('Guardado');

    const notice = await screen.findByText('Guardado');
    expect(notice.closest('.Toastify__toast-container')).toHaveClass(
      'Toastify__toast-container--bottom-right',
    );
    // Each notice is a status, in a polite live region: read out without interrupting.
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(notice.closest('[aria-live="polite"]')).toHaveAccessibleName('Avisos (Alt+T)');
    const bar = toastOf('Guardado')?.querySelector<HTMLElement>('.Toastify__progress-bar');
    expect(bar?.style.animationDuration).toBe('5000ms');
  });

  it('show at most two at a time: a third waits until one closes', async () => {
    render(<Notices />);

    notify.success('Primero');
    notify.success('Segundo');
    notify.error('Tercero');

    expect(await screen.findByText('Segundo')).toBeInTheDocument();
    expect(screen.getByText('Primero')).toBeInTheDocument();
    expect(screen.queryByText('Tercero')).not.toBeInTheDocument();
    expect(document.querySelectorAll('.Toastify__toast')).toHaveLength(2);

    await setupUser().click(screen.getAllByRole('button', { name: 'Cerrar aviso' })[0]!);
    for (const toast of document.querySelectorAll('.Toastify__toast'))
      fireEvent.animationEnd(toast);

    expect(await screen.findByText('Tercero')).toBeInTheDocument();
  });
});
