import { File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, PROFILE_LABELS } from '@crm/shared';
import { addRequest, db } from '../../test/fake-api';
import { addVendorAna, callsTo, openProfile, section } from './profile.test-kit';

const photo = () => section(PROFILE_LABELS.photo);
const chooser = () => photo().getByLabelText(PROFILE_LABELS.changePhoto);
/** A PNG's signature, then anything: enough for the fake (the API decodes it for real). */
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
/**
 * A file as the browser hands it over. Node's File, not jsdom's: the tests' fetch is Node's,
 * which reads only its own Blobs (jsdom's would go as the text "[object File]").
 */
const fileOf = (bytes: readonly number[] | string, name: string, type: string) =>
  new NodeFile([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, {
    type,
  }) as unknown as File;
const png = (name = 'cara.png', bytes: readonly number[] = PNG) => fileOf(bytes, name, 'image/png');

/** The round avatar in the section: its <img>, or null when it shows initials. */
const avatarImage = () => photo().queryByRole('presentation', { hidden: true });

describe('Perfil, "Foto" (issue 23)', () => {
  it('refuses a file that is not PNG, JPEG or WebP before sending it', async () => {
    const { user } = await openProfile(addVendorAna(), { applyAccept: false });
    await user.upload(chooser(), fileOf('GIF89a', 'animada.gif', 'image/gif'));

    expect(photo().getByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.photoNotImage);
    expect(chooser()).toHaveAccessibleDescription(ACCOUNT_MESSAGES.photoNotImage);
    expect(callsTo('PUT', '/api/me/photo')).toEqual([]);
  });

  it('refuses an image over 2 MB before sending it', async () => {
    const { user } = await openProfile(addVendorAna());
    const big = new Uint8Array(ACCOUNT_LIMITS.photoMaxBytes + 1);
    big.set(PNG);
    await user.upload(chooser(), png('enorme.png', [...big]));

    expect(photo().getByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.photoTooLarge);
    expect(callsTo('PUT', '/api/me/photo')).toEqual([]);
  });

  it('uploads the image’s bytes; Perfil and the sidebar show the photo, "Quitar foto" the initials again', async () => {
    const ana = addVendorAna();
    const { user } = await openProfile(ana);
    expect(photo().getByText('AG')).toBeInTheDocument();
    expect(avatarImage()).toBeNull();

    await user.upload(chooser(), png());

    expect(await photo().findByText(ACCOUNT_MESSAGES.photoSaved)).toBeInTheDocument();
    expect(ana.photo).toMatch(/^\/api\/photos\/[\w-]{22}\.webp$/);
    expect(avatarImage()).toHaveAttribute('src', ana.photo);
    const sidebar = screen.getByRole('complementary');
    await waitFor(() => expect(sidebar.querySelector(`img[src="${ana.photo}"]`)).not.toBeNull());

    await user.click(photo().getByRole('button', { name: PROFILE_LABELS.removePhoto }));
    expect(await photo().findByText(ACCOUNT_MESSAGES.photoRemoved)).toBeInTheDocument();
    expect(ana.photo).toBe('');
    expect(photo().getByText('AG')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(sidebar).queryByRole('presentation', { hidden: true })).toBeNull(),
    );
  });

  it('sends the file as it is, with its media type', async () => {
    const { user } = await openProfile(addVendorAna());
    const fetched = vi.spyOn(globalThis, 'fetch');
    await user.upload(chooser(), png());
    await photo().findByText(ACCOUNT_MESSAGES.photoSaved);

    const puts = fetched.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(puts).toHaveLength(1);
    const [address, init] = puts[0] ?? [];
    expect(address).toMatch(/\/api\/me\/photo$/);
    expect(init?.headers).toMatchObject({ 'Content-Type': 'image/png' });
    expect(init?.body).toBeInstanceOf(NodeFile);
  });

  it('when the server finds the file is not an image, says so where the file is chosen', async () => {
    const ana = addVendorAna();
    const { user } = await openProfile(ana);
    await user.upload(chooser(), png('falsa.png', [...new TextEncoder().encode('<svg></svg>')]));

    expect(await photo().findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.photoNotImage);
    expect(ana.photo).toBe('');
    expect(db.calls.some((call) => call.path === '/api/me/photo')).toBe(true);
  });

  it('a new photo shows on the board’s card avatars without a reload', async () => {
    const ana = addVendorAna();
    addRequest({ name: 'Suya', vendor: ana._id });
    const { user } = await openProfile(ana);
    await user.upload(chooser(), png());
    await photo().findByText(ACCOUNT_MESSAGES.photoSaved);

    await user.click(screen.getByRole('link', { name: 'Solicitudes' }));

    const card = await screen.findByRole('article', { name: /: Suya$/ });
    const avatar = await within(card).findByRole('img', { name: 'Ejecutivo: Ana García' });
    await waitFor(() => expect(avatar.querySelector('img')).toHaveAttribute('src', ana.photo));
  });
});
