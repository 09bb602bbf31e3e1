/** createdAt on a card: dd/mm/yy in the viewer's time zone (§2, §9). */
export function formatCardDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const dd = String(date.getDate()).padStart(2, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  const yy = String(date.getFullYear() % 100).padStart(2, '0');
  return `${dd}/${mm}/${yy}`;
}

/**
 * eventDate is a calendar day stored as midnight UTC. §3 displays it "shifted by the timezone
 * offset", which amounts to reading its UTC day: the day shown never moves with the viewer's zone.
 */
export function eventDateToInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  // The UTC calendar day; adding the offset and reading local fields slips a day across DST changes.
  return date.toISOString().slice(0, 10);
}

/** The value of a date input (yyyy-mm-dd) back to the stored form, or null when cleared. */
export function inputToEventDate(value: string): string | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : null;
}

/** Initials of a person for the round avatars (§2). */
export function initials(person: { name: string; lastName: string }): string {
  return `${person.name.trim().charAt(0)}${person.lastName.trim().charAt(0)}`.toUpperCase();
}

export function fullName(person: { name: string; lastName: string }): string {
  return `${person.name} ${person.lastName}`;
}
