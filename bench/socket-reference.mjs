// The fan-out benches' sockets and their reference: a bare Socket.IO server in a worker that broadcasts the same bytes to the same
// sockets, the cost of the fan-out alone, measured in the same run as the app.
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { io as connect } from 'socket.io-client';

/** Plain Socket.IO in a worker; POST /emit broadcasts `body` (JSON text) as `event` to the room every socket joins. */
export async function startReference(event, body) {
  const worker = new Worker(
    `const { createServer } = require('node:http');
     const { Server } = require('socket.io');
     const { parentPort, workerData } = require('node:worker_threads');
     const payload = JSON.parse(workerData.body);
     const http = createServer((req, res) => {
       if (req.url !== '/emit') { res.writeHead(404).end(); return; }
       io.to('room').emit(workerData.event, payload);
       res.writeHead(200).end('{}');
     });
     const io = new Server(http, { serveClient: false });
     io.on('connection', (socket) => socket.join('room'));
     http.listen(0, '127.0.0.1', () => parentPort.postMessage(http.address().port));
     parentPort.on('message', () => { io.close(); process.exit(0); });`,
    { eval: true, workerData: { event, body } },
  );
  const [port] = await once(worker, 'message');
  return { url: `http://127.0.0.1:${port}`, stop: () => worker.postMessage('stop') };
}

/**
 * `count` broadcasts one after another through the reference at `url`: each socket's latency from the request to
 * its arrival. The listeners go again afterwards, so a second call (the warm-up, then the measure) counts once.
 */
export async function measureReference({ url, sockets, event, count }) {
  const latencies = [];
  let sentAt = 0;
  let arrived = 0;
  let allArrived = () => {};
  const onEvent = () => {
    latencies.push(performance.now() - sentAt);
    if (++arrived === sockets.length) allArrived();
  };
  for (const socket of sockets) socket.on(event, onEvent);
  try {
    for (let n = 0; n < count; n++) {
      arrived = 0;
      const done = new Promise((resolve) => (allArrived = resolve));
      sentAt = performance.now();
      await fetch(`${url}/emit`, { method: 'POST' });
      await done;
    }
  } finally {
    for (const socket of sockets) socket.off(event, onEvent);
  }
  return latencies;
}

export const closeAll = (sockets) => sockets.forEach((socket) => socket.disconnect());

/** Connects `users` to the origins round-robin (websocket only, no reconnection); resolves once every one is connected. */
export async function connectSockets(origins, users) {
  const sockets = users.map((user, i) =>
    connect(origins[i % origins.length], {
      auth: { token: user.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    }),
  );
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise((resolve, reject) => {
          socket.once('connect', resolve);
          socket.once('connect_error', reject);
        }),
    ),
  );
  return sockets;
}
