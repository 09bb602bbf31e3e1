import {
  ACTIVITY_TYPE_LABELS,
  formatDue,
  formatTime,
  requestPageUrl,
  type AgendaItem,
} from '@crm/shared';

/*
 * The words of the reminder emails (issue 20), in text and HTML. Everything a user typed (titles,
 * names, companies) is escaped in the HTML; subjects are single lines (a title is one already,
 * but a header must never carry a line break). Due moments read in the recipient's zone, as the
 * agenda shows them (@crm/shared's formatDue: "Hoy 15:00", "9 jun").
 */

export type MailContent = { subject: string; text: string; html: string };
type Recipient = { name: string };
/** The recipient's zone and the moment the mail is written: "Hoy" is today there. */
type Seen = { timeZone: string; now: Date };

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

const dueOf = (item: AgendaItem, seen: Seen) =>
  formatDue(item.activity, seen.timeZone, seen.now).text;

function textLine(item: AgendaItem, appUrl: string, seen: Seen): string {
  return (
    `- ${label(item)} · ${dueOf(item, seen)} · ${requestName(item)}\n` +
    `  ${requestPageUrl(appUrl, item.request._id)}`
  );
}

function htmlLine(item: AgendaItem, appUrl: string, seen: Seen): string {
  const link = escapeHtml(requestPageUrl(appUrl, item.request._id));
  return (
    `<li><strong>${escapeHtml(label(item))}</strong> · ${escapeHtml(dueOf(item, seen))} · ` +
    `<a href="${link}">${escapeHtml(requestName(item))}</a></li>`
  );
}

function section(title: string, items: AgendaItem[], appUrl: string, seen: Seen) {
  if (items.length === 0) return { text: '', html: '' };
  return {
    text: `${title}:\n${items.map((item) => textLine(item, appUrl, seen)).join('\n')}\n\n`,
    html: `<h3>${escapeHtml(title)}</h3><ul>${items.map((item) => htmlLine(item, appUrl, seen)).join('')}</ul>`,
  };
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The 08:00 digest: the overdue and today's open activities, each with its request's link. */
export function digestMail(
  user: Recipient,
  overdue: AgendaItem[],
  today: AgendaItem[],
  appUrl: string,
  seen: Seen,
): MailContent {
  const parts = [
    ...(overdue.length ? [count(overdue.length, 'vencida', 'vencidas')] : []),
    ...(today.length ? [count(today.length, 'para hoy', 'para hoy')] : []),
  ];
  const late = section('Vencidas', overdue, appUrl, seen);
  const now = section('Para hoy', today, appUrl, seen);
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

/** The reminder 15 minutes before a timed activity, its time read in the recipient's zone. */
export function reminderMail(
  user: Recipient,
  item: AgendaItem,
  appUrl: string,
  timeZone: string,
): MailContent {
  const link = requestPageUrl(appUrl, item.request._id);
  const when = formatTime(new Date(item.activity.dueAt), timeZone);
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
