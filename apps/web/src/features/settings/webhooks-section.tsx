import { useEffect, useId, useRef, useState } from 'react';
import { WEBHOOK_LABELS, WEBHOOKS_ANCHOR, type CreatedWebhook } from '@crm/shared';
import { useTimeZone } from '../../api/preferences/get-preferences';
import { useWebhooks } from '../../api/webhooks/webhooks';
import { hasFailed, LoadError } from '../../components/ui/load-error';
import { ShownOnce } from '../../components/ui/shown-once';
import { LoadingText } from '../../components/ui/status-text';
import { WebhookForm } from './webhook-form';
import { WebhookItem } from './webhook-item';

/**
 * Ajustes' "Integraciones" (issue 36, system admin): the webhooks that send each change of the
 * requests elsewhere. A new endpoint's secret (or a new one's) is shown once, above the list.
 */
export function WebhooksSection() {
  const webhooks = useWebhooks();
  const timeZone = useTimeZone();
  const [secret, setSecret] = useState<string | null>(null);
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  // The admins' mail links here (…/main/settings#integraciones): the section comes after the
  // screen's chunk, too late for the browser's own jump.
  useEffect(() => {
    if (window.location.hash === `#${WEBHOOKS_ANCHOR}`) section.current?.scrollIntoView();
  }, []);
  const show = (webhook: CreatedWebhook) => setSecret(webhook.secret);
  const items = webhooks.data?.items ?? [];

  return (
    <section
      ref={section}
      id={WEBHOOKS_ANCHOR}
      aria-labelledby={headingId}
      className="space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {WEBHOOK_LABELS.section}
      </h2>
      <p className="text-sm text-slate-600">{WEBHOOK_LABELS.intro}</p>
      {secret ? (
        <ShownOnce
          label={WEBHOOK_LABELS.shownOnce}
          value={secret}
          copyLabel={WEBHOOK_LABELS.copy}
          copiedLabel={WEBHOOK_LABELS.copied}
          doneLabel={WEBHOOK_LABELS.done}
          onDone={() => setSecret(null)}
        />
      ) : null}
      {hasFailed(webhooks) ? (
        <LoadError
          message={WEBHOOK_LABELS.loadFailed}
          onRetry={() => void webhooks.refetch()}
          retrying={webhooks.isFetching}
        />
      ) : webhooks.isPending ? (
        <LoadingText />
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">{WEBHOOK_LABELS.empty}</p>
      ) : (
        <ul aria-label={WEBHOOK_LABELS.section} className="divide-y divide-slate-100">
          {items.map((webhook) => (
            <WebhookItem key={webhook._id} webhook={webhook} timeZone={timeZone} onSecret={show} />
          ))}
        </ul>
      )}
      <WebhookForm onCreated={show} />
    </section>
  );
}
