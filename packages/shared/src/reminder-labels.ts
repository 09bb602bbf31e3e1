/*
 * The reminder emails' words (issue 20: the 08:00 digest and the reminder before a timed
 * activity; issue 34 item 5: each feature's words in its catalogue beside its schemas,
 * agenda.ts). The API's reminders/mail-content.ts lays them out in text and HTML; the pieces it
 * passes in are already escaped for HTML.
 */
export const REMINDER_MAIL_LABELS = {
  hello: (name: string) => `Hola ${name}:`,
  /** The digest's sections and its subject's counts: "Tu agenda de hoy: 2 vencidas, 1 para hoy". */
  overdue: 'Vencidas',
  today: 'Para hoy',
  overdueCount: (count: number) => `${count} ${count === 1 ? 'vencida' : 'vencidas'}`,
  todayCount: (count: number) => `${count} para hoy`,
  digestSubject: (counts: string) => `Tu agenda de hoy: ${counts}`,
  yourAgenda: (url: string) => `Tu agenda: ${url}`,
  openAgenda: 'Abrir tu agenda',
  digestOptOut: 'Para dejar de recibir este resumen, desactívalo en tus preferencias.',
  /** The reminder: "Recordatorio 15:00: Llamada: …" and "Llamada: … a las 15:00, con Juan." */
  reminderSubject: (when: string, activity: string) => `Recordatorio ${when}: ${activity}`,
  reminderLine: (activity: string, when: string, request: string) =>
    `${activity} a las ${when}, con ${request}.`,
  reminderOptOut: 'Para dejar de recibir estos recordatorios, desactívalos en tus preferencias.',
} as const;
