import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addAdminAna, addVendorBruno, renderUsersPage, userRows } from './users.test-kit';

describe('users screen: each person’s photo (issue 23)', () => {
  it('shows a user’s photo in their row, and initials for one without', async () => {
    const admin = addAdminAna();
    const bruno = addVendorBruno();
    bruno.photo = '/api/photos/BBBBBBBBBBBBBBBBBBBBBB.webp';
    renderUsersPage(admin);
    await screen.findByRole('button', { name: 'Bruno Díaz' });

    const [anaRow, brunoRow] = userRows();
    expect(brunoRow?.querySelector('img')).toHaveAttribute('src', bruno.photo);
    expect(anaRow?.querySelector('img')).toBeNull();
    expect(within(anaRow!).getByText('AG')).toBeInTheDocument();
  });
});
