import { ACCOUNT_MESSAGES, api } from '@crm/shared';
import type { ContractCase } from './client.js';
import { fieldError } from './fixtures.js';

/** The caller's profile photo (issue 23): uploaded as bytes, served at a new address each time. */

/**
 * A valid 1×1 PNG (one opaque pixel), written out so the cases need no image library: the fake
 * runs in the web tests, where sharp does not.
 */
const ONE_PIXEL_PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
  0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4,
  0x89, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0xda, 0x63, 0xfc, 0xcf, 0xc0, 0x50,
  0x0f, 0x00, 0x04, 0x85, 0x01, 0x80, 0x84, 0xa9, 0x8c, 0x21, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
  0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
]);

const PHOTO_URL = /^\/api\/photos\/[A-Za-z0-9_-]{22}\.webp$/;

export const photoContractCases: ContractCase[] = [
  {
    name: 'profile.putPhoto and deletePhoto: a PNG gets a new WebP address on the profile; text labelled PNG is 400 on `photo`; removed, no photo',
    run: async (c, expect) => {
      const { token, user } = await c.signIn('vendor');
      const png = { bytes: ONE_PIXEL_PNG, contentType: 'image/png' };

      const put = await c.call(api.profile.putPhoto, { rawBody: png }, token);
      expect(put).toEqual({
        status: 200,
        body: expect.objectContaining({
          _id: user._id,
          email: user.email,
          photo: expect.stringMatching(PHOTO_URL) as unknown,
        }) as unknown,
      });
      const first = (put.body as { photo: string }).photo;
      const again = await c.call(api.profile.putPhoto, { rawBody: png }, token);
      expect((again.body as { photo: string }).photo).toMatch(PHOTO_URL);
      expect((again.body as { photo: string }).photo).not.toBe(first);

      const text = { bytes: new TextEncoder().encode('not an image'), contentType: 'image/png' };
      expect(await c.call(api.profile.putPhoto, { rawBody: text }, token)).toEqual(
        fieldError(400, 'photo', ACCOUNT_MESSAGES.photoNotImage),
      );

      const removed = await c.call(api.profile.deletePhoto, {}, token);
      expect(removed).toEqual({
        status: 200,
        body: expect.objectContaining({ _id: user._id, photo: '' }) as unknown,
      });
    },
  },
];
