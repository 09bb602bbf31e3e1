import { ACTIVITY_TYPE_LABELS, dueText, requestPageUrl, type AgendaItem } from '@crm/shared';

/*
 * The words of the reminder emails (issue 20), in text and HTML. Everything a user typed (titles,
 * names, companies) is escaped in the HTML; subjects are single lines (a title is one already,
 * but a header must never carry a line break).
 */

export type MailContent = { subject: string; text: string; html: string };
type Recipient = { name: string };

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Text as HTML text or attribute value. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

const label = (item: AgendaItem) =>
  `${ACTIVITY_TYPE_LABELS[item.activity.type]}: ${item.activity.title}`;
const requestName = ({ request }: AgendaItem) =>
  request.company ? `${request.name} (${request.company})` : request.name;

function textLine(item: AgendaItem, appUrl: string): string {
  return (
    `- ${label(item)} · ${dueText(item.activity)} · ${requestName(item)}\n` +
    `  ${requestPageUrl(appUrl, item.request._id)}`
  );
}

function htmlLine(item: AgendaItem, appUrl: string): string {
  const link = escapeHtml(requestPageUrl(appUrl, item.request._id));
  return (
    `<li><strong>${escapeHtml(label(item))}</strong> · ${escapeHtml(dueText(item.activity))} · ` +
    `<a href="${link}">${escapeHtml(requestName(item))}</a></li>`
  );
}

function section(title: string, items: AgendaItem[], appUrl: string) {
  if (items.length === 0) return { text: '', html: '' };
  return {
    text: `${title}:\n${items.map((item) => textLine(item, appUrl)).join('\n')}\n\n`,
    html: `<h3>${escapeHtml(title)}</h3><ul>${items.map((item) => htmlLine(item, appUrl)).join('')}</ul>`,
  };
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The 08:00 digest: the overdue and today's open activities, each with its request's link. */
export function digestMail(
  user: Recipient,
  overdue: AgendaItem[],
  today: AgendaItem[],
  appUrl: string,
): MailContent {
  const parts = [
    ...(overdue.length ? [count(overdue.length, 'vencida', 'vencidas')] : []),
    ...(today.length ? [count(today.length, 'para hoy', 'para hoy')] : []),
  ];
  const late = section('Vencidas', overdue, appUrl);
  const now = section('Para hoy', today, appUrl);
  const agenda = `${appUrl}/main/agenda`;
  return {
    subject: oneLine(`Tu agenda de hoy: ${parts.join(', ')}`),
    text:
      `Hola ${user.name}:\n\n${late.text}${now.text}` +
      `Tu agenda: ${agenda}\n\nPara dejar de recibir este resumen, desactívalo en tus preferencias.\n`,
    html:
      `<p>Hola ${escapeHtml(user.name)}:</p>${late.html}${now.html}` +
      `<p><a href="${escapeHtml(agenda)}">Abrir tu agenda</a></p>` +
      `<p><small>Para dejar de recibir este resumen, desactívalo en tus preferencias.</small></p>`,
  };
}

/** The reminder 15 minutes before a timed activity. */
export function reminderMail(user: Recipient, item: AgendaItem, appUrl: string): MailContent {
  const link = requestPageUrl(appUrl, item.request._id);
  const when = item.activity.dueTime ?? '';
  return {
    subject: oneLine(`Recordatorio ${when}: ${label(item)}`),
    text:
      `Hola ${user.name}:\n\n${label(item)} a las ${when}, con ${requestName(item)}.\n${link}\n\n` +
      `Para dejar de recibir estos recordatorios, desactívalos en tus preferencias.\n`,
    html:
      `<p>Hola ${escapeHtml(user.name)}:</p>` +
      `<p><strong>${escapeHtml(label(item))}</strong> a las ${escapeHtml(when)}, con ` +
      `<a href="${escapeHtml(link)}">${escapeHtml(requestName(item))}</a>.</p>` +
      `<p><small>Para dejar de recibir estos recordatorios, desactívalos en tus preferencias.</small></p>`,
  };
}
