import {
  ACTIVITY_TYPE_LABELS,
  formatDue,
  formatTime,
  REMINDER_MAIL_LABELS,
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

const WORDS = REMINDER_MAIL_LABELS;

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

/** The 08:00 digest: the overdue and today's open activities, each with its request's link. */
export function digestMail(
  user: Recipient,
  overdue: AgendaItem[],
  today: AgendaItem[],
  appUrl: string,
  seen: Seen,
): MailContent {
  const parts = [
    ...(overdue.length ? [WORDS.overdueCount(overdue.length)] : []),
    ...(today.length ? [WORDS.todayCount(today.length)] : []),
  ];
  const late = section(WORDS.overdue, overdue, appUrl, seen);
  const now = section(WORDS.today, today, appUrl, seen);
  const agenda = `${appUrl}/main/agenda`;
  return {
    subject: oneLine(WORDS.digestSubject(parts.join(', '))),
    text:
      `${WORDS.hello(user.name)}\n\n${late.text}${now.text}` +
      `${WORDS.yourAgenda(agenda)}\n\n${WORDS.digestOptOut}\n`,
    html:
      `<p>${WORDS.hello(escapeHtml(user.name))}</p>${late.html}${now.html}` +
      `<p><a href="${escapeHtml(agenda)}">${WORDS.openAgenda}</a></p>` +
      `<p><small>${WORDS.digestOptOut}</small></p>`,
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
    subject: oneLine(WORDS.reminderSubject(when, label(item))),
    text:
      `${WORDS.hello(user.name)}\n\n${WORDS.reminderLine(label(item), when, requestName(item))}\n${link}\n\n` +
      `${WORDS.reminderOptOut}\n`,
    html:
      `<p>${WORDS.hello(escapeHtml(user.name))}</p>` +
      `<p>${WORDS.reminderLine(
        `<strong>${escapeHtml(label(item))}</strong>`,
        escapeHtml(when),
        `<a href="${escapeHtml(link)}">${escapeHtml(requestName(item))}</a>`,
      )}</p>` +
      `<p><small>${WORDS.reminderOptOut}</small></p>`,
  };
}
