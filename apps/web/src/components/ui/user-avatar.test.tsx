import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserAvatar } from './user-avatar';

describe('UserAvatar (issue 23)', () => {
  it('shows the photo when the person has one, hidden from screen readers (the name is beside it)', () => {
    const { container } = render(
      <UserAvatar person={{ name: 'Ana', lastName: 'García', photo: '/api/photos/a.webp' }} />,
    );
    const image = container.querySelector('img');
    expect(image).toHaveAttribute('src', '/api/photos/a.webp');
    expect(image).toHaveAttribute('alt', '');
    expect(container.firstChild).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByText('AG')).not.toBeInTheDocument();
  });

  it('shows the initials without a photo', () => {
    const { container } = render(
      <UserAvatar person={{ name: 'ana', lastName: 'garcía', photo: '' }} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent(/^AG$/);
  });
});
