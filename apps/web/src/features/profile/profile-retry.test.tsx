import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OUTAGE_LABELS, PROFILE_LABELS } from '@crm/shared';
import { startOutage } from '../../test/outage';
import { addVendorAna, openProfile, section } from './profile.test-kit';
import { setupUser } from '../../test/user';

describe('Perfil while a part can’t be read (issue 33)', () => {
  it('when the sessions can’t be read (the database away), then the section says so in Spanish with "Reintentar", which reads them again', async () => {
    const ana = addVendorAna();
    const outage = startOutage('get', '/api/me/sessions');
    await openProfile(ana);

    const sessions = section(PROFILE_LABELS.sessions);
    expect(await sessions.findByRole('alert')).toHaveTextContent(OUTAGE_LABELS.unreachable);

    outage.end();
    await setupUser().click(sessions.getByRole('button', { name: OUTAGE_LABELS.retry }));
    expect(await sessions.findByText(PROFILE_LABELS.thisSession)).toBeInTheDocument();
    expect(sessions.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(OUTAGE_LABELS.unreachable)).toBeNull();
  });
});
