import { http, HttpResponse, type JsonBodyType } from 'msw';
import { server } from './server';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** From now on in the test, the API answers `method path` with `status` and `body`. */
export function answer(method: Method, path: string, status: number, body: JsonBodyType) {
  server.use(http[method](path, () => HttpResponse.json(body, { status })));
}

/** The body of a 400 that refuses one field: its `message` under `path`, and the summary. */
export const fieldRefusal = (path: string, message: string, summary = message) => ({
  message: summary,
  errors: [{ path, message }],
});
