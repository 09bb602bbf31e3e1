import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, profileSchema } from '@crm/shared';
import { bearer, tokenFor, useSignedInRoles, useTestApp } from '../test/test-app.js';
import { photoFormatOf } from './photo.service.js';

// Issue 23: the profile photo. An upload of PNG, JPEG or WebP bytes becomes a 256×256 WebP
// without metadata at a new, public, immutable address; anything else is refused before it is
// decoded (or, for a decompression bomb, before its pixels are).

const t = useTestApp();
const { admin } = useSignedInRoles(t);

const PHOTO_URL = /^\/api\/photos\/[A-Za-z0-9_-]{22}\.webp$/;
const size = ACCOUNT_LIMITS.photoSize;

const put = (token: string, bytes: Buffer, contentType: string) =>
  request(t.app)
    .put('/api/me/photo')
    .set(bearer(token))
    .set('Content-Type', contentType)
    .send(bytes);
const remove = (token: string) => request(t.app).delete('/api/me/photo').set(bearer(token));
// superagent reads image answers as bytes (a Buffer body).
const photoAt = (url: string) => request(t.app).get(url);

/** A `width`×`height` picture, top half red and bottom half blue, so turning it shows. */
const twoColours = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#0000ff' } }).composite([
    {
      input: { create: { width, height: height / 2, channels: 3, background: '#ff0000' } },
      top: 0,
      left: 0,
    },
  ]);

async function pixelAt(webp: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}
const isRed = ([r = 0, g = 0, b = 0]: number[]) => r > 200 && g < 60 && b < 60;
const isBlue = ([r = 0, g = 0, b = 0]: number[]) => b > 200 && r < 60 && g < 60;

/** One PNG chunk: length, type, data, CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A valid 1-bit greyscale PNG of `side`×`side` black pixels: 20,000² is 400 million pixels in
 * about 50 KB (the rows of zeros deflate to almost nothing), a decompression bomb.
 */
function blackPng(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filter, no interlace
  // Each row: filter byte 0, then side/8 bytes of zeros.
  const rows = Buffer.alloc(side * (1 + Math.ceil(side / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('PUT /api/me/photo', () => {
  it.each([
    ['PNG', 'image/png', () => twoColours(400, 300).png().toBuffer()],
    ['JPEG', 'image/jpeg', () => twoColours(400, 300).jpeg().toBuffer()],
    ['WebP', 'image/webp', () => twoColours(400, 300).webp().toBuffer()],
  ])(
    'when a %s is uploaded, then the profile points at a new 256×256 WebP of it',
    async (_format, contentType, image) => {
      const { token, user } = await tokenFor(t, 'vendor');
      const res = await put(token, await image(), contentType);
      expect(res.status).toBe(200);
      const profile = profileSchema.parse(res.body);
      expect(profile).toMatchObject({ _id: user._id, email: user.email });
      expect(profile.photo).toMatch(PHOTO_URL);

      const stored = await photoAt(profile.photo);
      expect(stored.status).toBe(200);
      const body = stored.body as Buffer;
      expect(await sharp(body).metadata()).toMatchObject({
        format: 'webp',
        width: size,
        height: size,
      });
      // Cover: the middle of the picture fills the square, both colours in their places.
      expect(isRed(await pixelAt(body, size / 2, 10))).toBe(true);
      expect(isBlue(await pixelAt(body, size / 2, size - 10))).toBe(true);
    },
  );

  it('when a JPEG says by EXIF it is turned, then it is stored upright, with no EXIF, ICC or XMP left', async () => {
    const { token } = await tokenFor(t, 'driver');
    // Orientation 6: the camera was turned; shown upright, the top edge goes to the right.
    const jpeg = await twoColours(400, 300)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Secret place' } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const res = await put(token, jpeg, 'image/jpeg');
    expect(res.status).toBe(200);
    const body = (await photoAt((res.body as { photo: string }).photo)).body as Buffer;
    const metadata = await sharp(body).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: size, height: size });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(body.includes(Buffer.from('Secret place'))).toBe(false);
    expect(isRed(await pixelAt(body, size - 10, size / 2))).toBe(true);
    expect(isBlue(await pixelAt(body, 10, size / 2))).toBe(true);
  });

  it('when a new photo replaces one, then the old address is gone and only the new one is kept', async () => {
    const { token, user } = await tokenFor(t, 'vendor');
    const first = await put(token, await twoColours(64, 64).png().toBuffer(), 'image/png');
    const second = await put(token, await twoColours(64, 64).jpeg().toBuffer(), 'image/jpeg');
    const [oldUrl, newUrl] = [first, second].map((res) => (res.body as { photo: string }).photo);
    expect(newUrl).toMatch(PHOTO_URL);
    expect(newUrl).not.toBe(oldUrl);
    expect((await photoAt(oldUrl ?? '')).status).toBe(404);
    expect((await photoAt(newUrl ?? '')).status).toBe(200);
    expect(await t.ctx.models.Photo.countDocuments({ userId: user._id })).toBe(1);
  });

  it('when every swap of the photo loses to another write, then 503 with Retry-After and nothing is kept', async () => {
    const { token, user } = await tokenFor(t, 'vendor');
    const { User } = t.ctx.models;
    const updateOne = User.updateOne.bind(User);
    // The swap's compare-and-set (filtered on `photo`) always finds the photo changed meanwhile.
    const swap = vi
      .spyOn(User, 'updateOne')
      .mockImplementation(((filter: Record<string, unknown>, ...rest: unknown[]) =>
        'photo' in filter
          ? Promise.resolve({ matchedCount: 0 })
          : (updateOne as (...args: unknown[]) => unknown)(filter, ...rest)) as never);
    try {
      const res = await put(token, await twoColours(32, 32).png().toBuffer(), 'image/png');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(swap.mock.calls.filter(([filter]) => 'photo' in filter)).toHaveLength(5);
    } finally {
      swap.mockRestore();
    }
    expect(await t.ctx.models.Photo.countDocuments({ userId: user._id })).toBe(0);
  });

  it('when the photo is uploaded, then the user list shows its address', async () => {
    const { token, user } = await tokenFor(t, 'vendor');
    const res = await put(token, await twoColours(32, 32).png().toBuffer(), 'image/png');
    const list = await request(t.app).get('/api/user/all').set(bearer(admin.token));
    expect(list.body).toContainEqual(
      expect.objectContaining({ _id: user._id, photo: (res.body as { photo: string }).photo }),
    );
  });

  it.each([
    ['an SVG labelled PNG', 'image/png', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['an HTML page labelled JPEG', 'image/jpeg', '<!doctype html><script>alert(1)</script>'],
    ['text labelled WebP', 'image/webp', 'just some text'],
    ['nothing', 'image/png', ''],
  ])('when %s is sent, then 400 on `photo` and nothing is stored', async (_what, type, text) => {
    const { token, user } = await tokenFor(t, 'vendor');
    const res = await put(token, Buffer.from(text), type);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: ACCOUNT_MESSAGES.photoNotImage,
      errors: [{ path: 'photo', message: ACCOUNT_MESSAGES.photoNotImage }],
    });
    expect(await t.ctx.models.Photo.countDocuments({ userId: user._id })).toBe(0);
  });

  it('when a file has an image’s signature but is not one (or is cut short), then 400 on `photo`', async () => {
    const { token } = await tokenFor(t, 'vendor');
    const png = await twoColours(200, 200).png().toBuffer();
    const fakes = [
      Buffer.concat([png.subarray(0, 8), Buffer.from('not really a png, only its first bytes')]),
      png.subarray(0, png.length / 2),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]),
    ];
    for (const fake of fakes) {
      expect(photoFormatOf(fake)).toBeDefined();
      const res = await put(token, fake, 'image/png');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ errors: [{ path: 'photo' }] });
    }
  });

  it.each([
    ['SVG', 'image/svg+xml'],
    ['GIF', 'image/gif'],
    ['text', 'text/plain'],
    ['JSON', 'application/json'],
    ['form', 'multipart/form-data; boundary=x'],
  ])('when the body is labelled %s, then 415 before it is read', async (_what, type) => {
    const { token } = await tokenFor(t, 'vendor');
    const res = await put(token, await twoColours(32, 32).png().toBuffer(), type);
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ message: ACCOUNT_MESSAGES.photoNotImage });
  });

  it('when the body is compressed, then 415 (nothing is inflated)', async () => {
    const { token } = await tokenFor(t, 'vendor');
    const res = await request(t.app)
      .put('/api/me/photo')
      .set(bearer(token))
      .set('Content-Type', 'image/png')
      .set('Content-Encoding', 'gzip')
      .send(await twoColours(32, 32).png().toBuffer());
    expect(res.status).toBe(415);
  });

  it('when the caller is not signed in, then 401', async () => {
    const res = await request(t.app)
      .put('/api/me/photo')
      .set('Content-Type', 'image/png')
      .send(await twoColours(32, 32).png().toBuffer());
    expect(res.status).toBe(401);
  });

  it('when a PNG of 20,000×20,000 pixels comes, then 400 quickly, without decoding its pixels', async () => {
    const { token } = await tokenFor(t, 'vendor');
    const bomb = blackPng(20_000);
    expect(bomb.length).toBeLessThan(ACCOUNT_LIMITS.photoMaxBytes);
    // 400 million pixels: decoding them (libvips streams the rows into the resize) takes about a
    // second of CPU; the refusal reads the header only. Memory is watched too, loosely.
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 2);
    const started = performance.now();
    const res = await put(token, bomb, 'image/png');
    const elapsed = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);

    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: ACCOUNT_MESSAGES.photoTooManyPixels,
      errors: [{ path: 'photo', message: ACCOUNT_MESSAGES.photoTooManyPixels }],
    });
    expect(peak - baseline).toBeLessThan(64 * 1024 * 1024);
    expect(elapsed).toBeLessThan(2000);
  });
});

describe('PUT /api/me/photo over 2 MB, on a real connection', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /**
   * Starts an upload and sends `bytes` of it without ever ending it; resolves with the answer,
   * which can only come while the body is still unfinished.
   */
  async function unfinishedUpload(
    token: string,
    headers: Record<string, string | number>,
    bytes: number,
  ): Promise<{ status: number; body: unknown }> {
    const req = http.request({
      port,
      host: '127.0.0.1',
      method: 'PUT',
      path: '/api/me/photo',
      headers: { ...bearer(token), 'Content-Type': 'image/png', ...headers },
    });
    const answer = new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
          }),
        );
      });
      req.on('error', reject);
    });
    const chunk = Buffer.alloc(64 * 1024, 1);
    for (let sent = 0; sent < bytes; sent += chunk.length) req.write(chunk);
    try {
      return await answer;
    } finally {
      req.destroy();
    }
  }

  it('when Content-Length says more than 2 MB, then 413 at once, before the body comes', async () => {
    const { token } = await tokenFor(t, 'vendor');
    const res = await unfinishedUpload(
      token,
      { 'Content-Length': ACCOUNT_LIMITS.photoMaxBytes + 1 },
      64 * 1024,
    );
    expect(res).toEqual({ status: 413, body: { message: ACCOUNT_MESSAGES.photoTooLarge } });
  });

  it('when a body without Content-Length streams past 2 MB, then 413 as soon as it does', async () => {
    const { token } = await tokenFor(t, 'vendor');
    const res = await unfinishedUpload(
      token,
      { 'Transfer-Encoding': 'chunked' },
      ACCOUNT_LIMITS.photoMaxBytes + 128 * 1024,
    );
    expect(res).toEqual({ status: 413, body: { message: ACCOUNT_MESSAGES.photoTooLarge } });
  });

  it('when exactly 2 MB comes, then it is read whole and judged as an image (400, not 413)', async () => {
    const { token } = await tokenFor(t, 'vendor');
    const res = await put(token, Buffer.alloc(ACCOUNT_LIMITS.photoMaxBytes, 1), 'image/png');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: ACCOUNT_MESSAGES.photoNotImage });
  });
});

describe('DELETE /api/me/photo', () => {
  it('when the photo is removed, then the profile has none and its address is gone', async () => {
    const { token, user } = await tokenFor(t, 'driver');
    const uploaded = await put(token, await twoColours(32, 32).webp().toBuffer(), 'image/webp');
    const url = (uploaded.body as { photo: string }).photo;
    const res = await remove(token);
    expect(res.status).toBe(200);
    expect(profileSchema.parse(res.body)).toMatchObject({ _id: user._id, photo: '' });
    expect((await photoAt(url)).status).toBe(404);
    expect(await t.ctx.models.Photo.countDocuments({ userId: user._id })).toBe(0);
    // Nothing to remove is no error.
    expect((await remove(token)).status).toBe(200);
  });
});

describe('GET /api/photos/:file', () => {
  it('when a photo is fetched, then it is public, immutable, WebP and never sniffed', async () => {
    const { token } = await tokenFor(t, 'vendor');
    const uploaded = await put(token, await twoColours(32, 32).png().toBuffer(), 'image/png');
    const res = await photoAt((uploaded.body as { photo: string }).photo);
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({
      'cache-control': 'public, max-age=31536000, immutable',
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
    });
    expect(photoFormatOf(res.body as Buffer)).toBe('webp');
  });

  it.each([
    '/api/photos/AAAAAAAAAAAAAAAAAAAAAA.webp',
    '/api/photos/short.webp',
    '/api/photos/AAAAAAAAAAAAAAAAAAAAAA.png',
  ])('when %s is not a stored photo, then 404, not cached', async (url) => {
    const res = await request(t.app).get(url);
    expect(res.status).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('DELETE /api/user/delete/:id', () => {
  it('when a user is deleted, then their photo goes with them', async () => {
    const { token, user } = await tokenFor(t, 'vendor');
    const uploaded = await put(token, await twoColours(32, 32).png().toBuffer(), 'image/png');
    await request(t.app)
      .delete(`/api/user/delete/${user._id}`)
      .set(bearer(admin.token))
      .expect(200);
    expect((await photoAt((uploaded.body as { photo: string }).photo)).status).toBe(404);
    expect(await t.ctx.models.Photo.countDocuments({ userId: user._id })).toBe(0);
  });
});
