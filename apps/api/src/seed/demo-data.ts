import bcrypt from 'bcrypt';
import { Types } from 'mongoose';
import {
  ACTIVITY_TYPES,
  DEFAULT_LOST_REASONS,
  PRIORITIES,
  REQUEST_STATUSES,
  REQUEST_TYPES,
  SOURCES_OF_CONTACT,
  normaliseEmail,
  dayIn,
  zonedDueAt,
  type RequestStatus,
  type Role,
} from '@crm/shared';
import { replaceWithDemoRequests, stageVisitsOf, type StoredActivity } from '../requests/index.js';
import type { AppContext } from '../context.js';
import { replaceDemoUsers, type DemoUserRow } from '../users/index.js';

/** The password of every demo user (it follows the §5 rule). */
export const DEMO_PASSWORD = 'Demo.1234';

const FIRST_NAMES = [
  'Lucía',
  'Mateo',
  'Sofía',
  'Hugo',
  'Valentina',
  'Martín',
  'Camila',
  'Diego',
  'Julia',
  'Pablo',
  'Elena',
  'Andrés',
  'Paula',
  'Tomás',
  'Carmen',
  'Javier',
];
const LAST_NAMES = [
  'García',
  'Fernández',
  'López',
  'Martínez',
  'Sánchez',
  'Pérez',
  'Gómez',
  'Díaz',
  'Ruiz',
  'Torres',
  'Ramírez',
  'Flores',
  'Vargas',
  'Castro',
];
const COMPANIES = [
  'Eventos Sol',
  'Grupo Andino',
  'Tech Norte',
  'Bodas y Más',
  'Hotel Mirador',
  'Congresos Plus',
  'Agencia Rumbo',
  'Café Central',
  '',
];
const POSITIONS = [
  'Gerente',
  'Directora de marketing',
  'Compras',
  'CEO',
  'Asistente',
  'Coordinadora de eventos',
  '',
];
const MESSAGES = [
  'Hola, quisiera información sobre sus servicios para un evento corporativo.',
  'Necesitamos una cotización para 150 personas en marzo.',
  '¿Podemos agendar una reunión la próxima semana?',
  'Me interesa una demo del producto para mi equipo.',
  'Buscamos asesoría para organizar el aniversario de la empresa.',
];
const NOTES = [
  'Llamar el lunes por la mañana',
  'Envió presupuesto por correo',
  'Pidió descuento por volumen',
  'Confirmar número de asistentes',
  'Prefiere contacto por WhatsApp',
  '',
];
const PAYMENT_METHODS = ['transfer', 'card', 'cash'];
const ITEMS = ['catering', 'sonido', 'decoración', 'salón', 'fotografía'];

/** Small deterministic PRNG (mulberry32): the same seed gives the same demo data. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick };
}

export type DemoUser = DemoUserRow;

function demoUsers(count: number, seed = 1): DemoUser[] {
  const rnd = random(seed);
  return Array.from({ length: count }, (_, i) => {
    // One admin in ten, the rest vendors and drivers; the first is always an admin.
    const role: Role = i % 10 === 0 ? 'system admin' : i % 3 === 0 ? 'driver' : 'vendor';
    const name = rnd.pick(FIRST_NAMES);
    const lastName = rnd.pick(LAST_NAMES);
    const email = normaliseEmail(`${role.split(' ').join('.')}${i + 1}@demo.crm.local`);
    return { _id: new Types.ObjectId(), name, lastName, email, role };
  });
}

/** Requests in every stage, some assigned, with notes and event fields past "new request". */
function demoRequests(count: number, users: readonly DemoUser[], seed = 2, now = Date.now()) {
  const rnd = random(seed);
  const assignable = users.filter((user) => user.role !== 'driver');
  return Array.from({ length: count }, (_, i) => {
    const status = REQUEST_STATUSES[i % REQUEST_STATUSES.length]!;
    const advanced = status !== 'new request';
    const name = `${rnd.pick(FIRST_NAMES)} ${rnd.pick(LAST_NAMES)}`;
    const vendor =
      advanced || rnd.next() < 0.3 ? (assignable.length ? rnd.pick(assignable)._id : null) : null;
    const request = {
      _id: new Types.ObjectId(),
      requestNumber: i + 1,
      name,
      email: normaliseEmail(
        `${name
          .split(' ')
          .join('.')
          .normalize('NFD')
          .replace(/[^\w.]/g, '')}${i}@cliente.example`,
      ),
      jobPosition: rnd.pick(POSITIONS),
      company: rnd.pick(COMPANIES),
      contactNumber: `+34 6${String(10_000_000 + rnd.int(89_999_999))}`,
      message: rnd.pick(MESSAGES),
      requestType: rnd.pick(REQUEST_TYPES),
      status,
      priority: rnd.pick(PRIORITIES),
      vendor,
      sourceOfContact: rnd.pick(SOURCES_OF_CONTACT),
      notes: Array.from({ length: rnd.int(4) }, () => rnd.pick(NOTES)),
      createdAt: new Date(now - rnd.int(120) * 86_400_000 - rnd.int(86_400_000)),
      eventDate: advanced ? new Date(now + rnd.int(180) * 86_400_000) : null,
      paymentMethod: advanced ? rnd.pick(PAYMENT_METHODS) : 'unknown',
      eventsQuantity: advanced ? 1 + rnd.int(5) : 0,
      pax: advanced ? 10 + rnd.int(300) : 0,
      bussinesItem: advanced ? rnd.pick(ITEMS) : 'unknown',
      amoutPaid: status === 'closed' ? 500 + rnd.int(20_000) : 0,
      emailSentToCloseEvents: status === 'closed' ? true : 'pending',
      version: 0,
    };
    const stageChangedAt = stageStart(request.createdAt, advanced, i, now);
    const history = stageHistory(request.createdAt, stageChangedAt, i, vendor);
    return {
      ...request,
      stageChangedAt,
      history,
      // As the start-up backfill reads them from the history, so all three agree.
      ...stageVisitsOf({ status, createdAt: request.createdAt, history }),
      ...valueAndOutcome(status, i, stageChangedAt, vendor),
    };
  });
}

/**
 * Issue 21, by index so the random sequence of the other fields is untouched: three requests in
 * four carry an expected value (100,000 to 9,900,000); a closed one was won (two in three) or lost
 * for one of the default reasons.
 */
function valueAndOutcome(status: string, index: number, closedAt: Date, by: Types.ObjectId | null) {
  const expectedValue = index % 4 === 3 ? null : 100_000 * (1 + ((index * 37) % 99));
  if (status !== 'closed') return { expectedValue, outcome: null };
  const won = index % 3 !== 0;
  const reason = DEFAULT_LOST_REASONS[index % DEFAULT_LOST_REASONS.length] ?? null;
  return {
    expectedValue,
    outcome: {
      result: won ? 'won' : 'lost',
      reason: won ? null : reason,
      comment: null,
      at: closedAt,
      by,
    },
  };
}

/**
 * When a demo request entered its stage: a new one when created; a moved one some way between
 * its creation and now (0 to 90%, by its index, so the same seed gives the same data and the
 * random sequence of the other fields is untouched), so some cards show "Estancada".
 */
function stageStart(createdAt: Date, moved: boolean, index: number, now: number): Date {
  if (!moved) return createdAt;
  const share = (index % 10) / 10;
  return new Date(createdAt.getTime() + Math.floor((now - createdAt.getTime()) * share));
}

/**
 * The stages a demo request went through to reach REQUEST_STATUSES[index % 5] (its status), by
 * index as above: most one by one; some skipped CONTACTADO; some went one stage further and came
 * back (their furthest stage is past their current one). A new one never moved.
 */
function stagePath(index: number): RequestStatus[] {
  const reached = index % REQUEST_STATUSES.length;
  const upTo = (last: number) => REQUEST_STATUSES.slice(0, last + 1);
  if (reached >= 1 && reached <= 3 && index % 9 === 4) {
    return [...upTo(reached + 1), REQUEST_STATUSES[reached]!];
  }
  if (reached >= 2 && index % 6 === 1) return upTo(reached).filter((_, at) => at !== 1);
  return upTo(reached);
}

/**
 * Its status moves as the API records them (issue 12), evenly spread from its creation to when it
 * entered its stage, the last one at that instant, each by its executive.
 */
function stageHistory(
  createdAt: Date,
  stageChangedAt: Date,
  index: number,
  by: Types.ObjectId | null,
) {
  const path = stagePath(index);
  const moves = path.length - 1;
  const span = stageChangedAt.getTime() - createdAt.getTime();
  return path.slice(1).map((to, at) => ({
    at: new Date(createdAt.getTime() + Math.floor((span * (at + 1)) / moves)),
    by,
    field: 'status' as const,
    from: path[at]!,
    to,
  }));
}

const ACTIVITY_TITLES = [
  'Llamar para confirmar fecha',
  'Enviar cotización actualizada',
  'Reunión de coordinación',
  'Confirmar número de asistentes',
  'Seguimiento del presupuesto',
];
const DAY_MS = 86_400_000;

/**
 * `perRequest` activities for each demo request (issue 20), due from three weeks ago to a month
 * ahead, half with a time, owned by its executive (else any assignable user): open on open
 * requests (some done), all done on closed ones; and its next activity as the API keeps it. A
 * random sequence of its own, so the requests' other fields stay as they were.
 */
function demoActivities(
  requests: readonly { status: string; vendor: Types.ObjectId | null; createdAt: Date }[],
  users: readonly DemoUser[],
  perRequest: number,
  timeZone: string,
  now: number,
) {
  const rnd = random(20);
  const assignable = users.filter((user) => user.role !== 'driver');
  return requests.map((request) => {
    const closed = request.status === 'closed';
    const activities: StoredActivity[] = Array.from({ length: perRequest }, () => {
      const owner = request.vendor ?? (assignable.length ? rnd.pick(assignable)._id : null);
      const dueDate = dayIn(new Date(now + (rnd.int(51) - 20) * DAY_MS), timeZone);
      const dueTime =
        rnd.next() < 0.5
          ? `${String(8 + rnd.int(11)).padStart(2, '0')}:${rnd.pick(['00', '30'])}`
          : null;
      const dueAt = zonedDueAt(dueDate, dueTime, timeZone);
      const done = closed || rnd.next() < 0.3;
      return {
        _id: new Types.ObjectId(),
        type: rnd.pick(ACTIVITY_TYPES),
        title: rnd.pick(ACTIVITY_TITLES),
        dueDate,
        dueTime,
        dueAt,
        ownerId: owner,
        done,
        doneAt: done ? new Date(Math.min(now, dueAt.getTime())) : null,
        doneBy: done ? owner : null,
        createdAt: request.createdAt,
        createdBy: owner,
        version: 0,
      };
    });
    const next = activities
      .filter((activity) => !activity.done)
      .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime())[0];
    return {
      activities,
      nextActivity: next
        ? {
            _id: next._id,
            type: next.type,
            title: next.title,
            dueDate: next.dueDate,
            dueTime: next.dueTime,
            dueAt: next.dueAt,
          }
        : null,
    };
  });
}

/**
 * Fills the database with demo users (all with DEMO_PASSWORD) and requests with their activities
 * (3 each unless told), replacing any earlier requests and demo users. One bcrypt hash serves every demo user, so 50 users seed fast.
 */
export async function seedDemoData(
  ctx: AppContext,
  counts: { users: number; requests: number; activitiesPerRequest?: number },
) {
  const users = demoUsers(counts.users);
  const now = Date.now();
  const plain = demoRequests(counts.requests, users, undefined, now);
  const planned = demoActivities(
    plain,
    users,
    counts.activitiesPerRequest ?? 3,
    ctx.config.timeZone,
    now,
  );
  const requests = plain.map((request, i) => ({ ...request, ...planned[i] }));
  const passwordHash = await bcrypt.hash(DEMO_PASSWORD, ctx.config.bcryptRounds);

  // Through their owners (issue 34): users/ stores the users, requests/ the requests.
  await replaceDemoUsers(ctx, users, passwordHash);
  await replaceWithDemoRequests(ctx, requests);
  return { users, requests: requests.length };
}
