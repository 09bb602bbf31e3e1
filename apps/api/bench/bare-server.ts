import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Db, ObjectId } from 'mongodb';

/**
 * The floor the API is compared against: the same reads with the plain driver on plain
 * node:http (no Express, no mongoose, no authentication), serialised with JSON.stringify.
 */

/** GET /api/form-contact/all without the API's sort and authentication. */
async function allRequests(db: Db): Promise<unknown> {
  return db.collection('requests').find().toArray();
}

type UserRow = {
  _id: ObjectId;
  name: string;
  lastName: string;
  email: string;
  role: string;
  photo?: string;
};

/** GET /api/user/all as the API answers it now: the users alone, no `events` (issue 11). */
async function allUsers(db: Db): Promise<unknown> {
  const users = (await db
    .collection('users')
    .find({}, { projection: { name: 1, lastName: 1, email: 1, role: 1, photo: 1 } })
    .toArray()) as UserRow[];
  return users.map((user) => ({
    _id: user._id.toHexString(),
    name: user.name,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    photo: user.photo ?? '',
  }));
}

const ROUTES: Record<string, (db: Db) => Promise<unknown>> = {
  '/api/form-contact/all': allRequests,
  '/api/user/all': allUsers,
};

function send(res: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(json),
  });
  res.end(json);
}

export function createBareServer(db: Db): Server {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const route = req.method === 'GET' ? ROUTES[req.url ?? ''] : undefined;
    if (!route) return send(res, 404, { message: 'not found' });
    route(db).then(
      (body) => send(res, 200, body),
      (error: unknown) => {
        console.error('bare server:', error);
        send(res, 500, { message: 'error' });
      },
    );
  });
}
