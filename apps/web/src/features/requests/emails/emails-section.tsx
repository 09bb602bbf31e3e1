import { useEffect, useRef, useState } from 'react';
import { Mail } from 'lucide-react';
import {
  REQUEST_EMAIL_LABELS,
  mergeValuesOf,
  replySubject,
  type Request,
  type RequestEmail,
  type SendEmailBody,
  type User,
} from '@crm/shared';
import { useCurrentUser } from '../../../api/session/get-current-user';
import { fullName } from '../../../lib/format';
import { useRequestEmails } from '../../../api/emails/get-emails';
import { useRetryEmail, useSendEmail } from '../../../api/emails/send-email';
import { useTimeZone } from '../../../api/preferences/get-preferences';
import { Button, IconButton } from '../../../components/ui/button';
import { hasFailed, LoadError } from '../../../components/ui/load-error';
import { LoadingText } from '../../../components/ui/status-text';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { CollapsibleSection } from '../shared';
import { EmailComposer, NO_EMAIL, useEmailForm } from './email-composer';
import { clearDraft, loadDraft, saveDraft, type EmailDraft } from './email-draft';
import { EmailItem } from './email-item';

export type EmailsSectionProps = {
  requestId: string;
  /** The request as stored: a new mail goes to its email; a template names it. */
  customer: Pick<Request, 'email' | 'name' | 'company' | 'requestNumber' | 'vendor'>;
  /** The people, for {{ejecutivo}}. */
  users: readonly Pick<User, '_id' | 'name' | 'lastName'>[];
  /** Whether the section starts unfolded (from 1024 px, as the activities). */
  defaultOpen?: boolean;
};

/** What a sent mail's answer says: sent, waiting for the mail server, or refused. */
function noticeOf(email: RequestEmail) {
  if (email.state === 'sent') notify.success(REQUEST_EMAIL_LABELS.sent);
  else if (email.state === 'pending') notify.success(REQUEST_EMAIL_LABELS.queued);
  else notify.error(REQUEST_EMAIL_LABELS.refused);
}

/**
 * "Correos" (issue 35): the request's mails with the customer, newest first, a page at a time,
 * and "Enviar correo". A mail written here is stored with the request before it is sent, so a
 * mail server that is down only leaves it "Pendiente de envío"; the draft of one not sent yet
 * stays with the request (email-draft.ts) and opens with it. Without IMAP_URL the section says
 * that the customers' answers are not being read.
 */
export function EmailsSection({
  requestId,
  customer,
  users,
  defaultOpen = true,
}: EmailsSectionProps) {
  const thread = useRequestEmails(requestId);
  const send = useSendEmail(requestId);
  const retry = useRetryEmail(requestId);
  const timeZone = useTimeZone();
  const [draft, setDraft] = useState<EmailDraft | null>(() => loadDraft(requestId));
  // A draft left here opens with the request, as it was.
  const form = useEmailForm(draft ?? NO_EMAIL);
  const [open, setOpen] = useState(defaultOpen || draft !== null);
  const composeButton = useRef<HTMLButtonElement>(null);
  const { user: writer } = useCurrentUser();
  const executive = users.find((person) => person._id === customer.vendor) ?? writer;
  const mergeValues = mergeValuesOf(customer, executive ? fullName(executive) : '');

  // Every change of an open composer is kept with the request.
  const { values, hasChanges } = form;
  useEffect(() => {
    if (draft && hasChanges) saveDraft(requestId, { ...values, ...extrasOf(draft) });
  }, [draft, hasChanges, requestId, values]);

  const compose = (start: EmailDraft) => {
    form.reset(start);
    setDraft(start);
    saveDraft(requestId, start);
    setOpen(true);
  };

  const close = () => {
    clearDraft(requestId);
    setDraft(null);
    form.reset(NO_EMAIL);
    composeButton.current?.focus();
  };

  const submit = form.handleSubmit((body) => {
    if (send.isPending || !draft) return;
    const sent: SendEmailBody = { ...body, ...extrasOf(draft) };
    send.mutate(sent, {
      onSuccess: (email) => {
        close();
        noticeOf(email);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400 && error.fieldErrors.length > 0) {
          form.showServerErrorsOf(error);
          // The files it carries have no box of their own: their refusal is said aloud.
          const files = error.fieldErrors.find((field) => field.path === 'attachments');
          if (files) notify.error(files.message);
        } else notify.error(REQUEST_EMAIL_LABELS.saveFailed);
      },
    });
  });

  const attach = (attachments: string[]) => {
    if (!draft) return;
    const next = { ...draft, attachments };
    setDraft(next);
    saveDraft(requestId, { ...values, ...extrasOf(next) });
  };

  const reply = (email: RequestEmail) =>
    compose({
      to: email.from.address,
      cc: '',
      subject: replySubject(email.subject),
      text: '',
      inReplyTo: email._id,
    });

  const items = thread.data?.pages.flatMap((page) => page.items) ?? [];
  const first = thread.data?.pages[0];

  return (
    <CollapsibleSection
      title={REQUEST_EMAIL_LABELS.section}
      open={open}
      onOpenChange={setOpen}
      actions={
        <IconButton
          ref={composeButton}
          label={REQUEST_EMAIL_LABELS.compose}
          aria-expanded={draft !== null}
          onClick={() => (draft ? setOpen(true) : compose({ ...NO_EMAIL, to: customer.email }))}
        >
          <Mail className="size-4" aria-hidden />
        </IconButton>
      }
    >
      {draft ? (
        <EmailComposer
          requestId={requestId}
          attachments={draft.attachments ?? []}
          onAttachmentsChange={attach}
          form={form}
          mergeValues={mergeValues}
          pending={send.isPending}
          onSend={() => submit()}
          onDiscard={close}
        />
      ) : null}
      {first && !first.readingReplies ? (
        <p className="mb-2 text-xs text-slate-600">{REQUEST_EMAIL_LABELS.repliesNotRead}</p>
      ) : null}
      {first && !first.sending ? (
        <p className="mb-2 text-xs text-amber-800">{REQUEST_EMAIL_LABELS.sendingOff}</p>
      ) : null}
      {hasFailed(thread) ? (
        <LoadError
          message={REQUEST_EMAIL_LABELS.loadFailed}
          onRetry={() => void thread.refetch()}
          retrying={thread.isFetching}
        />
      ) : thread.isPending ? (
        <LoadingText />
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">{REQUEST_EMAIL_LABELS.empty}</p>
      ) : (
        <ul aria-label={REQUEST_EMAIL_LABELS.section} className="space-y-2">
          {items.map((email) => (
            <EmailItem
              key={email._id}
              requestId={requestId}
              email={email}
              timeZone={timeZone}
              busy={retry.isPending}
              onReply={reply}
              onRetry={(failed) =>
                retry.mutate(failed._id, {
                  onSuccess: noticeOf,
                  onError: () => notify.error(REQUEST_EMAIL_LABELS.refused),
                })
              }
            />
          ))}
        </ul>
      )}
      {thread.hasNextPage ? (
        <Button
          variant="secondary"
          className="mt-2 py-1 text-xs"
          disabled={thread.isFetchingNextPage}
          onClick={() => void thread.fetchNextPage()}
        >
          {REQUEST_EMAIL_LABELS.older}
        </Button>
      ) : null}
    </CollapsibleSection>
  );
}

/** What a draft holds beside the boxes: the mail it answers, the files it carries. */
const extrasOf = (draft: EmailDraft) => ({
  ...(draft.inReplyTo ? { inReplyTo: draft.inReplyTo } : {}),
  ...(draft.attachments?.length ? { attachments: draft.attachments } : {}),
});
