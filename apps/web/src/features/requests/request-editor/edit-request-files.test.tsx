import { File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MAX_FILE_BYTES, REQUEST_FILE_MESSAGES } from '@crm/shared';
import { addMailFile, addReceivedEmail, addRequest, db } from '../../../test/fake-api';
import { findNotice } from '../../../test/notice';
import type { User } from '../../../test/user';
import { fill, openEditorAlone, seedUsers } from './edit-request.test-kit';

// Issue 35: "Archivos" in the request window (upload, download, delete, a mail's files kept)
// and the composer's "Adjuntar archivos".

const CUSTOMER = { name: 'Carla Soto', email: 'carla@cliente.cl' };

async function openRequest(seed?: (requestId: string) => void) {
  const { admin } = seedUsers();
  const request = addRequest(CUSTOMER);
  seed?.(request._id);
  const opened = await openEditorAlone(request, admin);
  const region = (name: string) => within(within(opened.dialog).getByRole('region', { name }));
  return { ...opened, request, region };
}

/** Opens a folded section by its heading's button. */
async function unfold(user: User, dialog: HTMLElement, name: string) {
  const toggle = within(dialog).getByRole('button', { name: new RegExp(`^${name}`) });
  if (toggle.getAttribute('aria-expanded') === 'false') await user.click(toggle);
}

/** Chooses a file in the (hidden) file input of `scope`, as the browser's picker does. */
async function choose(user: User, scope: HTMLElement, file: File) {
  const input = scope.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  await user.upload(input, file);
}

/**
 * A file as the browser hands it over. Node's File, not jsdom's: the tests' fetch is Node's,
 * which reads only its own Blobs.
 */
const pdf = (name: string, text = '%PDF-1.4') =>
  new NodeFile([text], name, { type: 'application/pdf' }) as unknown as File;

describe('"Archivos" in the request window (issue 35)', () => {
  it('uploads a file, lists it with who uploaded it, and downloads it by a one-time address', async () => {
    const { user, dialog, region } = await openRequest();
    await unfold(user, dialog, 'Archivos');
    const files = region('Archivos');
    expect(await files.findByText('Aún no hay archivos en esta solicitud.')).toBeVisible();

    await choose(
      user,
      files.getByRole('button', { name: 'Subir archivo' }).closest('section')!,
      pdf('Cotización.pdf'),
    );
    await findNotice('Archivo «Cotización.pdf» subido');
    const item = within(await files.findByRole('listitem'));
    expect(item.getByText('Cotización.pdf')).toBeVisible();
    expect(item.getByText(/Subido por Ana García/)).toBeVisible();

    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(item.getByRole('button', { name: 'Descargar Cotización.pdf' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.hasAttribute('download')).toBe(true);
    expect(link.referrerPolicy).toBe('no-referrer');
    // The address alone (no Authorization header) is the file's bytes, once.
    const file = await fetch(link.href);
    expect(await file.text()).toBe('%PDF-1.4');
    expect(file.headers.get('Content-Disposition')).toMatch(/^attachment/);
    expect((await fetch(link.href)).status).toBe(401);
  });

  it('deletes a file after asking; a file that came with a mail has no delete', async () => {
    const { user, dialog, region } = await openRequest((id) => {
      addMailFile(id, 'plano.jpg', new Uint8Array([1, 2, 3]), 'carla@cliente.cl');
    });
    await unfold(user, dialog, 'Archivos');
    const files = region('Archivos');
    await choose(
      user,
      files.getByRole('button', { name: 'Subir archivo' }).closest('section')!,
      pdf('borrador.pdf'),
    );
    await files.findByText('borrador.pdf');

    const mailed = within(files.getByText('plano.jpg').closest('li')!);
    expect(mailed.getByText(/Adjunto del correo de carla@cliente\.cl/)).toBeVisible();
    expect(mailed.queryByRole('button', { name: /^Eliminar/ })).toBeNull();

    await user.click(files.getByRole('button', { name: 'Eliminar borrador.pdf' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('¿Eliminar el archivo «borrador.pdf»?')).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    await findNotice('Archivo eliminado');
    await waitFor(() => expect(files.queryByText('borrador.pdf')).toBeNull());
    expect(files.getByText('plano.jpg')).toBeVisible();
  });

  it('refuses a file over 15 MB before sending it, in the API’s words', async () => {
    const { user, dialog, region } = await openRequest();
    await unfold(user, dialog, 'Archivos');
    const files = region('Archivos');
    const big = new NodeFile([new Uint8Array(MAX_FILE_BYTES + 1)], 'grande.bin') as unknown as File;
    await choose(
      user,
      files.getByRole('button', { name: 'Subir archivo' }).closest('section')!,
      big,
    );
    await findNotice(REQUEST_FILE_MESSAGES.tooLarge);
    expect(
      db.calls.filter((call) => call.path.endsWith('/files') && call.method === 'POST'),
    ).toEqual([]);
  });

  it('a mail carries the files ticked and uploaded in the composer; the thread shows them', async () => {
    const { user, region, request } = await openRequest((id) => {
      addMailFile(id, 'plano.jpg', new Uint8Array([1, 2, 3]));
    });
    const correos = region('Correos');
    await user.click(correos.getByRole('button', { name: 'Enviar correo' }));
    const form = within(correos.getByRole('group', { name: /^Nuevo correo/ }));
    await fill(user, form.getByLabelText('Asunto'), 'Contrato');
    await fill(user, form.getByLabelText('Mensaje'), 'Van los documentos.');
    const attach = within(form.getByRole('group', { name: 'Adjuntar archivos' }));
    await user.click(await attach.findByRole('checkbox', { name: /plano\.jpg/ }));
    await choose(
      user,
      attach.getByRole('button', { name: 'Subir y adjuntar' }).closest('fieldset')!,
      pdf('Contrato.pdf'),
    );
    expect(await attach.findByRole('checkbox', { name: /Contrato\.pdf/ })).toBeChecked();
    // Kept with the draft: a reload would find them ticked.
    expect(JSON.parse(localStorage.getItem(`crm.emailDraft.${request._id}`) ?? '{}')).toMatchObject(
      {
        attachments: [expect.any(String), expect.any(String)],
      },
    );

    await user.click(form.getByRole('button', { name: 'Enviar' }));
    await findNotice('Correo enviado');
    const sent = db.calls.find((call) => call.method === 'POST' && call.path.endsWith('/emails'));
    expect((sent?.body as { attachments: string[] }).attachments).toHaveLength(2);
    const mail = within((await correos.findByText('Van los documentos.')).closest('li')!);
    const chips = within(mail.getByRole('list', { name: 'Adjuntos' }));
    expect(chips.getByRole('button', { name: 'Descargar plano.jpg' })).toBeVisible();
    expect(chips.getByRole('button', { name: 'Descargar Contrato.pdf' })).toBeVisible();
  });

  it('a customer’s mail shows its attachments; one not kept says why', async () => {
    const { region } = await openRequest((id) => {
      const kept = addMailFile(id, 'plano.jpg', new Uint8Array([1, 2, 3]));
      addReceivedEmail(id, {
        subject: 'Planos',
        attachments: [
          { fileId: kept._id, name: 'plano.jpg', size: 3 },
          { fileId: null, name: 'video.mp4', size: MAX_FILE_BYTES + 1 },
        ],
      });
    });
    const mail = within((await region('Correos').findByText('Planos')).closest('li')!);
    expect(mail.getByRole('button', { name: 'Descargar plano.jpg' })).toBeVisible();
    expect(mail.getByText('video.mp4 (no se guardó: pesa más de 15 MB)')).toBeVisible();
  });
});
