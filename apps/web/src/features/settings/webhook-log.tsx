import {
  EVENT_TYPE_LABELS,
  WEBHOOK_FAILURE_LABELS,
  WEBHOOK_LABELS,
  WEBHOOK_STATUS_LABELS,
  WEBHOOK_TEST_EVENT,
  formatDateTime,
  type WebhookDelivery,
} from '@crm/shared';
import { useRedeliver, useWebhookDeliveries } from '../../api/webhooks/webhooks';
import { Button } from '../../components/ui/button';
import { hasFailed, LoadError } from '../../components/ui/load-error';
import { LoadingText } from '../../components/ui/status-text';
import { notify } from '../../lib/notify';

const STATUS_COLORS: Record<WebhookDelivery['status'], string> = {
  delivered: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
};

const eventLabelOf = (type: WebhookDelivery['eventType']) =>
  type === WEBHOOK_TEST_EVENT ? WEBHOOK_LABELS.testEvent : EVENT_TYPE_LABELS[type];

/**
 * One endpoint's delivery log (issue 36): its newest deliveries, each with its status, tries,
 * the last try's time, HTTP status, duration and first KB of the answer, and "Reenviar".
 */
export function WebhookLog({ webhookId, timeZone }: { webhookId: string; timeZone: string }) {
  const log = useWebhookDeliveries(webhookId, true);
  const redeliver = useRedeliver();
  const items = log.data?.items ?? [];

  const resend = (delivery: WebhookDelivery) =>
    redeliver.mutate(
      { webhookId, deliveryId: delivery._id },
      {
        onSuccess: (outcome) =>
          outcome.status === 'delivered'
            ? notify.success(WEBHOOK_LABELS.redelivered)
            : notify.error(
                WEBHOOK_LABELS.redeliverFailed(
                  outcome.failure
                    ? WEBHOOK_FAILURE_LABELS[outcome.failure]
                    : WEBHOOK_LABELS.noAnswer,
                ),
              ),
        onError: (error) => notify.error(error.message || WEBHOOK_LABELS.actionFailed),
      },
    );

  if (hasFailed(log)) {
    return (
      <LoadError
        message={WEBHOOK_LABELS.logLoadFailed}
        onRetry={() => void log.refetch()}
        retrying={log.isFetching}
      />
    );
  }
  if (log.isPending) return <LoadingText />;
  if (items.length === 0)
    return <p className="text-sm text-slate-600">{WEBHOOK_LABELS.logEmpty}</p>;
  return (
    <div className="space-y-2">
      <p className="text-xs text-slate-600">{WEBHOOK_LABELS.logIntro}</p>
      <ul
        aria-label={WEBHOOK_LABELS.log}
        className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200"
      >
        {items.map((delivery) => {
          const event = eventLabelOf(delivery.eventType);
          const at = delivery.lastAttemptAt ?? delivery.createdAt;
          return (
            <li
              key={delivery._id}
              className="flex flex-wrap items-start gap-x-4 gap-y-2 px-3 py-2 text-sm"
            >
              <div className="min-w-0 flex-1 space-y-0.5">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-slate-900">{event}</span>
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STATUS_COLORS[delivery.status]}`}
                  >
                    {WEBHOOK_STATUS_LABELS[delivery.status]}
                  </span>
                </p>
                <p className="text-slate-600">
                  {WEBHOOK_LABELS.when}: {formatDateTime(at, timeZone)} · {WEBHOOK_LABELS.attempts}:{' '}
                  {delivery.attempts} · {WEBHOOK_LABELS.responseCode}:{' '}
                  {delivery.responseStatus ?? WEBHOOK_LABELS.noAnswer} · {WEBHOOK_LABELS.duration}:{' '}
                  {delivery.durationMs === null
                    ? WEBHOOK_LABELS.noAnswer
                    : WEBHOOK_LABELS.ms(delivery.durationMs)}
                </p>
                {delivery.failure ? (
                  <p className="text-red-700">{WEBHOOK_FAILURE_LABELS[delivery.failure]}</p>
                ) : null}
                {delivery.nextAttemptAt ? (
                  <p className="text-slate-600">
                    {WEBHOOK_LABELS.nextAttempt}: {formatDateTime(delivery.nextAttemptAt, timeZone)}
                  </p>
                ) : null}
                {delivery.responseBody ? (
                  <details>
                    <summary className="cursor-pointer text-slate-700">
                      {WEBHOOK_LABELS.answer}
                    </summary>
                    <pre className="mt-1 max-h-40 overflow-auto rounded bg-slate-50 p-2 text-xs break-all whitespace-pre-wrap text-slate-800">
                      {delivery.responseBody}
                    </pre>
                  </details>
                ) : null}
              </div>
              <Button
                variant="secondary"
                className="py-1 text-xs"
                disabled={redeliver.isPending}
                aria-label={WEBHOOK_LABELS.redeliverNamed(event)}
                onClick={() => resend(delivery)}
              >
                {WEBHOOK_LABELS.redeliver}
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
