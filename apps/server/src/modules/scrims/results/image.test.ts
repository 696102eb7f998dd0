import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, SCRIM_MESSAGES, type Scrim } from '@scrim-gym/shared';
import { postGameImages } from '../../../db/schema/index.js';
import { installWriteJournal, type WriteJournal } from '../../../test/write-journal.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { createAdmin, createUser } from '../../../test/factories.js';
import { expectError, scrimApi } from '../../../test/scrim-api.js';
import { addCaster, createScrim, fillScrim } from '../../../test/scrim-factories.js';

let ctx: TestContext;
let api: ReturnType<typeof scrimApi>;
let journal: WriteJournal;
beforeAll(async () => {
  ctx = await createTestApp();
  api = scrimApi(ctx.app);
  journal = await installWriteJournal(ctx.database.db);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

/** A scrim that has been played: started, ten players, players[0] is the captain, plus a caster and an admin. */
async function playedScrim() {
  const scrim = await createScrim({
    db: db(),
    gameStartTime: new Date(Date.now() - 60 * 60 * 1000),
    isWithCasters: true,
    teamWon: 'teamOne',
  });
  const { players, host } = await fillScrim({ db: db(), scrim });
  const caster = await addCaster({ db: db(), scrim });
  const admin = await createAdmin({ db: db() });
  return { scrim, players, captain: host!, player: players[1]!, caster, admin };
}

/** A picture with some detail (a gradient with a little noise), so encoders have real work to do. */
function picture({ width, height }: { width: number; height: number }) {
  const raw = Buffer.alloc(width * height * 3);
  const noise = randomBytes(raw.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = noise[i]! & 0x03;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

/** The file as the request body (binary), as the web app sends it; its name in the query. */
const upload = (scrimId: string, buffer: Buffer, fileName: string, token: string, contentType = 'image/png') =>
  api.addImage(scrimId, buffer, token, { fileName, contentType });

/** Runs `refusals` and checks that none of them wrote a row anywhere. */
async function expectNothingWritten(refusals: () => Promise<void>) {
  const mark = await journal.mark();
  await refusals();
  expect(await journal.since(mark)).toEqual([]);
}

async function storedImage(scrimId: string, token: string) {
  const res = await api.call('GET', `/api/scrims/${scrimId}/image`, { token });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  expect(res.headers['cache-control']).toContain('max-age');
  return { buffer: res.rawPayload, meta: await sharp(res.rawPayload).metadata() };
}

async function imageRow(scrimId: string) {
  const [row] = await db().select().from(postGameImages).where(eq(postGameImages.scrimId, scrimId));
  return row ?? null;
}

describe('PATCH /api/scrims/:id/add-image', () => {
  it('re-encodes a 2000x1000 PNG sent as binary by the captain to WebP with the longest side 900', async () => {
    const { scrim, captain, player } = await playedScrim();
    const png = await picture({ width: 2000, height: 1000 }).png().toBuffer();
    expect(png.length).toBeLessThan(IMAGE_MAX_BYTES);
    const res = await upload(scrim.id, png, 'result.png', captain.token);
    expect(res.statusCode, res.body).toBe(200);
    const location = (res.json() as Scrim).postGameImage!.location;
    expect(location).toMatch(new RegExp(`^/api/scrims/${scrim.id}/image\\?v=\\d+$`));

    // Any signed-in user may view it, at the location the scrim gives.
    const viaLocation = await api.call('GET', location, { token: player.token });
    expect(viaLocation.statusCode).toBe(200);
    const { meta } = await storedImage(scrim.id, player.token);
    expect(meta).toMatchObject({ format: 'webp', width: 900, height: 450 });
    expect(await imageRow(scrim.id)).toMatchObject({
      mimeType: 'image/webp',
      width: 900,
      height: 450,
      uploadedBy: captain.id,
    });
  });

  it('accepts a binary JPEG, applies its EXIF orientation and strips every metadata', async () => {
    const { scrim, captain, admin } = await playedScrim();
    const jpeg = await picture({ width: 2000, height: 1000 })
      .jpeg({ quality: 90 })
      .withExif({ IFD0: { Copyright: 'Secret Corp', Artist: 'Jane Doe', ImageDescription: 'home address' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const input = await sharp(jpeg).metadata();
    expect(input.exif?.length).toBeGreaterThan(0);
    expect(input.orientation).toBe(6);

    const res = await upload(scrim.id, jpeg, 'photo.jpg', captain.token, 'image/jpeg');
    expect(res.statusCode, res.body).toBe(200);
    const { buffer, meta } = await storedImage(scrim.id, admin.token);
    // Orientation 6 shows the 2000x1000 picture rotated: 1000x2000, scaled to 450x900.
    expect(meta).toMatchObject({ format: 'webp', width: 450, height: 900 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(buffer.includes(Buffer.from('Secret Corp'))).toBe(false);
    expect(buffer.includes(Buffer.from('Jane Doe'))).toBe(false);
  });

  it('keeps a small image at its size (no enlargement); application/octet-stream works too', async () => {
    const { scrim, captain, admin } = await playedScrim();
    const png = await picture({ width: 300, height: 200 }).png().toBuffer();
    const res = await upload(scrim.id, png, 'small.png', captain.token, 'application/octet-stream');
    expect(res.statusCode, res.body).toBe(200);
    expect((await storedImage(scrim.id, admin.token)).meta).toMatchObject({ width: 300, height: 200 });
  });

  it('refuses a file that is not a PNG or JPEG by its bytes (400), whatever its name and type, writing nothing', async () => {
    const { scrim, captain, admin } = await playedScrim();
    const before = await api.read(scrim.id, admin.token);
    const notImage = (name: string) => SCRIM_MESSAGES.imageNotImage(name);
    const text = Buffer.from('just some notes, definitely not a picture\n'.repeat(20));
    const gif = await picture({ width: 20, height: 20 }).gif().toBuffer();
    // PNG magic bytes followed by garbage: the decoder refuses it.
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(5000)]);
    await expectNothingWritten(async () => {
      expectError(
        await upload(scrim.id, text, 'notes.png', captain.token),
        400,
        'NOT_AN_IMAGE',
        'File notes.png is not an image! only images are allowed.',
      );
      expectError(await upload(scrim.id, gif, 'anim.png', captain.token), 400, 'NOT_AN_IMAGE', notImage('anim.png'));
      expectError(await upload(scrim.id, text, 'a.jpg', captain.token, 'image/jpeg'), 400, 'NOT_AN_IMAGE');
      expectError(
        await upload(scrim.id, fake, 'broken.png', captain.token),
        400,
        'NOT_AN_IMAGE',
        notImage('broken.png'),
      );
      // Without a name, the message still reads well.
      const nameless = expectError(await api.addImage(scrim.id, text, captain.token), 400, 'NOT_AN_IMAGE');
      expect(nameless.error).toMatch(/^File .+ is not an image! only images are allowed\.$/);
      // Other content types are not read as images at all.
      expectError(await upload(scrim.id, gif, 'anim.gif', captain.token, 'image/gif'), 415);
    });
    expect(await imageRow(scrim.id)).toBeNull();
    expect(await api.read(scrim.id, admin.token)).toEqual(before);
  });

  it('refuses a file over 2 MB with 413 and the file name before reading it, and accepts exactly 2 MB', async () => {
    const { scrim, captain, admin } = await playedScrim();
    const png = await picture({ width: 800, height: 800 }).png({ compressionLevel: 0 }).toBuffer();
    expect(png.length).toBeLessThan(IMAGE_MAX_BYTES);
    const padTo = (size: number) => Buffer.concat([png, Buffer.alloc(size - png.length)]);

    await expectNothingWritten(async () => {
      for (const size of [IMAGE_MAX_BYTES + 1, Math.round(2.5 * 1024 * 1024), 8 * 1024 * 1024]) {
        expectError(
          await upload(scrim.id, padTo(size), 'huge.png', captain.token),
          413,
          'IMAGE_TOO_BIG',
          'File huge.png is too big! max allowed size: 2 MB.',
        );
      }
      // Without a Content-Length (streamed), the server stops reading at 2 MB: still a 413 with the error body.
      const streamed = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/scrims/${scrim.id}/add-image?fileName=huge.png`,
        headers: { authorization: `Bearer ${captain.token}`, 'content-type': 'image/png' },
        payload: Readable.from([padTo(3 * 1024 * 1024)]),
      });
      expectError(streamed, 413);
    });
    expect(await imageRow(scrim.id)).toBeNull();

    const exact = await upload(scrim.id, padTo(IMAGE_MAX_BYTES), 'exact.png', captain.token);
    expect(exact.statusCode, exact.body).toBe(200);
    expect((await storedImage(scrim.id, admin.token)).meta).toMatchObject({ width: 800, height: 800 });
  });

  it('is only for the captain or an admin: players, casters and outsiders get 403 before any decoding', async () => {
    const { scrim, player, caster, admin } = await playedScrim();
    const outsider = await createUser({ db: db() });
    const before = await api.read(scrim.id, admin.token);
    const png = await picture({ width: 64, height: 64 }).png().toBuffer();
    const text = Buffer.from('not an image');
    await expectNothingWritten(async () => {
      for (const user of [player, caster, outsider]) {
        expectError(
          await upload(scrim.id, png, 'result.png', user.token),
          403,
          'NOT_CAPTAIN',
          SCRIM_MESSAGES.onlyCaptain,
        );
        // Authorization comes first: a non-captain learns nothing about the file and costs no decoding.
        expectError(await upload(scrim.id, text, 'notes.png', user.token), 403, 'NOT_CAPTAIN');
      }
      // A visitor is refused before the body is read.
      expectError(await api.addImage(scrim.id, png), 401, 'UNAUTHORIZED');
    });
    expect(await imageRow(scrim.id)).toBeNull();
    expect(await api.read(scrim.id, admin.token)).toEqual(before);
  });

  it('lets the captain upload once; only an admin replaces it', async () => {
    const { scrim, captain, admin } = await playedScrim();
    const first = await picture({ width: 1200, height: 600 }).png().toBuffer();
    const second = await picture({ width: 600, height: 1200 }).jpeg().toBuffer();
    const created = await upload(scrim.id, first, 'first.png', captain.token);
    expect(created.statusCode, created.body).toBe(200);
    const firstLocation = created.json().postGameImage.location as string;
    const firstStored = await storedImage(scrim.id, admin.token);

    const refused = expectError(
      await upload(scrim.id, second, 'second.jpg', captain.token),
      409,
      'IMAGE_EXISTS',
      SCRIM_MESSAGES.imageExists,
    );
    expect(refused.scrim?.postGameImage?.location).toBe(firstLocation);
    expect((await storedImage(scrim.id, admin.token)).buffer.equals(firstStored.buffer)).toBe(true);

    await new Promise((r) => setTimeout(r, 5));
    const replaced = await upload(scrim.id, second, 'second.jpg', admin.token);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().postGameImage.location).not.toBe(firstLocation);
    const stored = await storedImage(scrim.id, captain.token);
    expect(stored.meta).toMatchObject({ width: 450, height: 900 });
    expect(await imageRow(scrim.id)).toMatchObject({ uploadedBy: admin.id });
  });
});

describe('PATCH /api/scrims/:id/remove-image', () => {
  it('is admin only; the image is gone after, and removing again is a 404', async () => {
    const { scrim, captain, player, admin } = await playedScrim();
    const png = await picture({ width: 100, height: 100 }).png().toBuffer();
    expect((await upload(scrim.id, png, 'r.png', captain.token)).statusCode).toBe(200);

    for (const user of [captain, player]) {
      expectError(await api.removeImage(scrim.id, user.token), 403, 'FORBIDDEN');
    }
    expectError(await api.removeImage(scrim.id), 401, 'UNAUTHORIZED');
    expect(await imageRow(scrim.id)).not.toBeNull();

    const res = await api.removeImage(scrim.id, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().postGameImage).toBeNull();
    expect(await imageRow(scrim.id)).toBeNull();
    expectError(
      await api.call('GET', `/api/scrims/${scrim.id}/image`, { token: player.token }),
      404,
      'NO_IMAGE',
      SCRIM_MESSAGES.noImage,
    );
    const again = expectError(await api.removeImage(scrim.id, admin.token), 404, 'NO_IMAGE');
    expect(again.scrim?._id).toBe(scrim.id);

    // With none left, the captain may upload again.
    expect((await upload(scrim.id, png, 'r2.png', captain.token)).statusCode).toBe(200);
  });
});
