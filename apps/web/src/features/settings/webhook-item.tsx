import { useState } from 'react';
import {
  EVENT_TYPES,
  EVENT_TYPE_LABELS,
  WEBHOOK_FAILURE_LABELS,
  WEBHOOK_LABELS,
  WEBHOOK_LIMITS,
  formatDateTime,
  type CreatedWebhook,
  type Webhook,
} from '@crm/shared';
import {
  useRemoveWebhook,
  useRotateWebhookSecret,
  useTestWebhook,
  useUpdateWebhook,
} from '../../api/webhooks/webhooks';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { notify } from '../../lib/notify';
import { WebhookLog } from './webhook-log';

type Props = {
  webhook: Webhook;
  timeZone: string;
  /** A new secret to show once ("Nuevo secreto"). */
  onSecret: (webhook: CreatedWebhook) => void;
};

const statusOf = (webhook: Webhook) =>
  webhook.enabled
    ? WEBHOOK_LABELS.enabled
    : webhook.disabledReason === 'failing'
      ? WEBHOOK_LABELS.disabledFailing(WEBHOOK_LIMITS.disableAfterDays)
      : WEBHOOK_LABELS.disabled;

const eventsOf = (webhook: Webhook) =>
  webhook.events.length === EVENT_TYPES.length
    ? WEBHOOK_LABELS.allEvents
    : webhook.events.map((type) => EVENT_TYPE_LABELS[type]).join(', ');

/**
 * One endpoint in "Integraciones": its address, whether it is on (or off for failing), the
 * events it gets; "Enviar prueba", on and off, its delivery log, a new secret and deleting it
 * (those two after a question).
 */
export function WebhookItem({ webhook, timeZone, onSecret }: Props) {
  const update = useUpdateWebhook();
  const remove = useRemoveWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useTestWebhook();
  const [asking, setAsking] = useState<'remove' | 'rotate' | null>(null);
  const [logOpen, setLogOpen] = useState(false);
  const busy = update.isPending || remove.isPending || rotate.isPending || test.isPending;
  const failed = (error: Error) => notify.error(error.message || WEBHOOK_LABELS.actionFailed);
  const { _id: webhookId, url } = webhook;

  const confirm = () => {
    const question = asking;
    setAsking(null);
    if (question === 'remove') {
      remove.mutate(webhookId, {
        onSuccess: () => notify.success(WEBHOOK_LABELS.removed),
        onError: failed,
      });
    } else if (question === 'rotate') {
      rotate.mutate(webhookId, { onSuccess: onSecret, onError: failed });
    }
  };

  const sendTest = () =>
    test.mutate(webhookId, {
      onSuccess: (delivery) => {
        if (delivery.status === 'delivered') notify.success(WEBHOOK_LABELS.testDelivered);
        else {
          notify.error(
            WEBHOOK_LABELS.testFailed(
              delivery.failure ? WEBHOOK_FAILURE_LABELS[delivery.failure] : WEBHOOK_LABELS.noAnswer,
            ),
          );
        }
        setLogOpen(true);
      },
      onError: failed,
    });

  return (
    <li className="space-y-3 py-3">
      <div className="min-w-0 space-y-0.5 text-sm">
        <p className="font-mono break-all text-slate-900">{url}</p>
        <p className={webhook.enabled ? 'text-emerald-700' : 'font-medium text-red-700'}>
          {statusOf(webhook)}
        </p>
        <p className="text-slate-600">
          {WEBHOOK_LABELS.events}: {eventsOf(webhook)}
        </p>
        {webhook.failingSince ? (
          <p className="text-amber-800">
            {WEBHOOK_LABELS.failingSince}: {formatDateTime(webhook.failingSince, timeZone)}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          className="py-1 text-xs"
          disabled={busy}
          aria-label={WEBHOOK_LABELS.testNamed(url)}
          onClick={sendTest}
        >
          {WEBHOOK_LABELS.test}
        </Button>
        <Button
          variant="secondary"
          className="py-1 text-xs"
          aria-expanded={logOpen}
          aria-label={logOpen ? WEBHOOK_LABELS.hideLog : WEBHOOK_LABELS.logNamed(url)}
          onClick={() => setLogOpen((open) => !open)}
        >
          {logOpen ? WEBHOOK_LABELS.hideLog : WEBHOOK_LABELS.log}
        </Button>
        <Button
          variant="secondary"
          className="py-1 text-xs"
          disabled={busy}
          aria-label={
            webhook.enabled ? WEBHOOK_LABELS.disableNamed(url) : WEBHOOK_LABELS.enableNamed(url)
          }
          onClick={() =>
            update.mutate({ webhookId, body: { enabled: !webhook.enabled } }, { onError: failed })
          }
        >
          {webhook.enabled ? WEBHOOK_LABELS.disable : WEBHOOK_LABELS.enable}
        </Button>
        <Button
          variant="secondary"
          className="py-1 text-xs"
          disabled={busy}
          aria-label={WEBHOOK_LABELS.rotateNamed(url)}
          onClick={() => setAsking('rotate')}
        >
          {WEBHOOK_LABELS.rotate}
        </Button>
        <Button
          variant="danger"
          className="py-1 text-xs"
          disabled={busy}
          aria-label={WEBHOOK_LABELS.removeNamed(url)}
          onClick={() => setAsking('remove')}
        >
          {WEBHOOK_LABELS.remove}
        </Button>
      </div>
      {logOpen ? <WebhookLog webhookId={webhookId} timeZone={timeZone} /> : null}
      <ConfirmDialog
        open={asking !== null}
        message={
          asking === 'rotate'
            ? WEBHOOK_LABELS.confirmRotate(url)
            : WEBHOOK_LABELS.confirmRemove(url)
        }
        confirmLabel={asking === 'rotate' ? WEBHOOK_LABELS.rotate : WEBHOOK_LABELS.remove}
        cancelLabel={WEBHOOK_LABELS.keep}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
        placement="center"
      />
    </li>
  );
}
