import type { EmailComposerValues } from '@crm/shared';

/*
 * The draft of a mail not sent yet (issue 35), kept with its request on this device
 * (localStorage), so closing the window, a reload or a crash of the tab loses nothing typed: the
 * request opens with its draft where it was left. Sent or discarded, it goes.
 */

/** What the boxes hold, the mail it answers, and the request's files it carries. */
export type EmailDraft = EmailComposerValues & { inReplyTo?: string; attachments?: string[] };

const keyOf = (requestId: string) => `crm.emailDraft.${requestId}`;

export function loadDraft(requestId: string): EmailDraft | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(keyOf(requestId)) ?? 'null');
    if (!stored || typeof stored !== 'object') return null;
    const { to, cc, subject, text, inReplyTo, attachments } = stored as Record<string, unknown>;
    const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
    return {
      to: textOf(to),
      cc: textOf(cc),
      subject: textOf(subject),
      text: textOf(text),
      ...(typeof inReplyTo === 'string' ? { inReplyTo } : {}),
      ...(Array.isArray(attachments)
        ? { attachments: attachments.filter((id): id is string => typeof id === 'string') }
        : {}),
    };
  } catch {
    return null;
  }
}

export function saveDraft(requestId: string, draft: EmailDraft): void {
  try {
    localStorage.setItem(keyOf(requestId), JSON.stringify(draft));
  } catch {
    // No room (a private mode's quota): the composer still holds it while open.
  }
}

export function clearDraft(requestId: string): void {
  localStorage.removeItem(keyOf(requestId));
}
