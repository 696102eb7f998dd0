import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';

/**
 * A browser's side of Web Push for tests: a real P-256 key pair and auth secret (what `PushSubscription.toJSON()`
 * gives the server), and the decryption of what the server sent to it (aes128gcm, RFC 8291 and RFC 8188), done
 * here with node:crypto alone, independently of the web-push package that encrypted it.
 */
export interface FakeBrowser {
  /** The subscription JSON for `endpoint`, as the browser would POST it. */
  subscription(endpoint: string): { endpoint: string; keys: { p256dh: string; auth: string } };
  decrypt(body: Buffer): string;
}

export function fakeBrowser(): FakeBrowser {
  const ecdh: ECDH = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    subscription: (endpoint) => ({
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    }),
    decrypt: (body) => decryptAes128gcm(body, ecdh, auth),
  };
}

/** RFC 8291 section 3.4 and RFC 8188 section 2: one record, the sender's public key as the header's keyid. */
function decryptAes128gcm(body: Buffer, receiver: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = receiver.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.getPublicKey(), senderPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = padded.lastIndexOf(2);
  if (end < 0) throw new Error('no record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * The VAPID `Authorization: vapid t=<JWT>, k=<public key>` header (RFC 8292), checked as a push service would:
 * the JWT is ES256-signed by `k`, for the endpoint's origin, not expired. Returns the claims and the key.
 */
export function verifyVapid(header: string | undefined, endpointOrigin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [, token, k] = match as unknown as [string, string, string];
  const [head, claims, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID JWT signature does not verify with k');
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (payload.aud !== endpointOrigin) throw new Error(`the VAPID JWT is for ${payload.aud}, not ${endpointOrigin}`);
  if (payload.exp * 1000 < Date.now()) throw new Error('the VAPID JWT has expired');
  return { claims: payload, publicKey: k };
}

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A push service on 127.0.0.1 (http: accepted with PUSH_ALLOW_LOCAL_ENDPOINTS=true): it records every POST and
 * answers the status `statusFor(path)` gives (201 by default), so a test sets one endpoint to 410 or 500. It
 * counts TCP connections too: a push refused before connecting leaves that count unchanged.
 */
export async function startFakePushService() {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const waiters: (() => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(statuses.get(path) ?? 201).end();
      for (const wake of waiters.splice(0)) wake();
    });
  });
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    port: (server.address() as AddressInfo).port,
    received,
    /** TCP connections accepted so far (a request refused before connecting never counts). */
    connections: () => connections,
    /** A new endpoint of this service (one per fake browser). */
    endpoint: (name: string) => `${origin}/push/${name}`,
    answer(endpoint: string, status: number) {
      statuses.set(new URL(endpoint).pathname, status);
    },
    /** Resolves once `count` pushes in all have arrived (fails after `timeoutMs`). */
    async waitFor(count: number, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} pushes, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received.slice(0, count);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A bare TCP listener on a random loopback address (127.x.y.z, so that parallel test files never collide) and
 * `port` (443: where an https endpoint without a port connects), counting the connections it accepts and
 * closing each at once. A push refused before connecting leaves the count at 0.
 */
export async function startConnectionCounter(port = 443) {
  let connections = 0;
  const server = createTcpServer((socket) => {
    connections++;
    socket.destroy();
  });
  for (let attempt = 0; ; attempt++) {
    const address = `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, address, () => {
          server.off('error', reject);
          resolve();
        });
      });
      return {
        address,
        connections: () => connections,
        close: () => new Promise<void>((resolve) => server.close(() => resolve())),
      };
    } catch (error) {
      if (attempt >= 5) throw error;
    }
  }
}
