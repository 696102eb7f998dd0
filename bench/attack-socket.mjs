// A bystander during Socket.IO attacks (sockets are throttled like HTTP; no packet stalls the process):
// the bystander's socket round trip (an acknowledged watchPresence: a session check and the presence queries) and
// GET /api/server-status answer within 100 ms more than without the attack. Measured in one run on the built
// server (PostgreSQL), three phases: quiet; one flooding socket (it floods events back to back, is refused
// RATE_LIMITED, disconnected, reconnects and floods again, as a script would); 1 MB nested payloads (`[[[[…` on
// fresh connections, over WebSocket and long-polling, and 12 KB nested 5,000 deep). The attackers run in a
// worker thread, so their own work is not the bystander's process.
// Usage: node bench/attack-socket.mjs   (env: DATABASE_URL, SAMPLES=200, BYSTANDERS=4)
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { io as connect } from 'socket.io-client';
import { report } from './lib.mjs';
import { fmt, insertUsers, percentile, startBenchServer } from './postgres.mjs';

const SAMPLES = Number(process.env.SAMPLES ?? 200);
const BYSTANDERS = Number(process.env.BYSTANDERS ?? 4);
const BUDGET_EXTRA_MS = 100;
const ACK_TIMEOUT_MS = 10_000;
/** Attacker sessions for the payload attack: each connection costs one handshake of its session's budget. */
const PAYLOAD_SESSIONS = 40;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function connectSocket(url, token) {
  const socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function getStatus(url, agent) {
  return new Promise((resolve, reject) => {
    request(`${url}/api/server-status`, { agent }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
    })
      .on('error', reject)
      .end();
  });
}

/**
 * The bystanders (users of their own, one socket each, taking turns so none nears its budget): per sample, a
 * socket round trip then an HTTP GET over a keep-alive connection. Latencies in ms.
 */
async function measureBystander({ url, sockets, samples }) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const socketMs = [];
  const httpMs = [];
  const failures = [];
  for (let i = 0; i < samples; i++) {
    const { socket, userId } = sockets[i % sockets.length];
    let started = performance.now();
    // No answer within ACK_TIMEOUT_MS counts as that long (the server before these limits stalled for longer).
    const ack = await socket
      .timeout(ACK_TIMEOUT_MS)
      .emitWithAck('watchPresence', { userIds: [userId] })
      .catch(() => ({ ok: false, code: 'NO_ANSWER' }));
    socketMs.push(performance.now() - started);
    if (!ack.ok) failures.push(ack.code);
    started = performance.now();
    await getStatus(url, agent);
    httpMs.push(performance.now() - started);
    await sleep(25);
  }
  agent.destroy();
  return { socketMs, httpMs, failures };
}

/**
 * The attack, in a worker until told to stop. 'flood': one socket at a time emits events back to back (with
 * acknowledgements) until the server disconnects it, then reconnects. 'payloads': one raw nested packet per fresh
 * connection, in turn over WebSocket (1 MB), long-polling (1 MB) and WebSocket (12 KB, 5,000 deep). Counts what
 * the server answered.
 */
function startAttack({ url, kind, floodToken, payloadTokens }) {
  const worker = new Worker(
    `const { io } = require('socket.io-client');
     const { randomUUID } = require('node:crypto');
     const { parentPort, workerData } = require('node:worker_threads');
     const { url, kind, floodToken, payloadTokens } = workerData;
     const counts = {};
     const count = (what) => { counts[what] = (counts[what] ?? 0) + 1; };
     let running = true;
     parentPort.on('message', () => { running = false; });
     const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
     function open(token, transports) {
       const socket = io(url, { auth: { token }, transports, reconnection: false, forceNew: true });
       return new Promise((resolve) => {
         socket.once('connect', () => resolve(socket));
         socket.once('connect_error', (err) => { count('handshake refused: ' + (err.data?.code ?? err.message)); socket.close(); resolve(null); });
       });
     }
     const nested = (head, bytes) => { const d = Math.floor((bytes - head.length - 1) / 2); return head + '['.repeat(d) + ']'.repeat(d) + ']'; };
     const payloads = [
       [['websocket'], nested('20["sendMessage",', 999000)],
       [['polling'], nested('20["sendMessage",', 999000)],
       [['websocket'], nested('20["sendMessage",', 10000)],
     ];
     const floodEvents = [
       () => ['watchPresence', { userIds: [randomUUID()] }],
       () => ['join_scrim_room', randomUUID()],
       () => ['leave_scrim_room', randomUUID()],
       () => ['sendMessage', { conversationId: randomUUID(), text: 'spam' }],
     ];
     async function flood() {
       while (running) {
         const socket = await open(floodToken, ['websocket']);
         if (!socket) { await sleep(20); continue; }
         count('connections');
         let connected = true;
         socket.once('disconnect', (reason) => { connected = false; count('disconnected: ' + reason); });
         for (let i = 0; connected && running; i++) {
           const [event, payload] = floodEvents[i % floodEvents.length]();
           socket.emit(event, payload, (ack) => count(ack.ok ? 'acked ok' : 'refused ' + ack.code));
           count('events sent');
           // Yield now and then, so the acknowledgements and the disconnect are seen.
           if (i % 50 === 49) await sleep(0);
         }
         socket.close();
       }
     }
     async function sendPayloads() {
       for (let i = 0; running; i++) {
         const [transports, packet] = payloads[i % payloads.length];
         const socket = await open(payloadTokens[i % payloadTokens.length], transports);
         if (!socket) { await sleep(20); continue; }
         const outcome = await new Promise((resolve) => {
           socket.once('disconnect', (reason) => resolve('dropped (' + reason + ')'));
           socket.io.engine.on('packet', (p) => { if (p.type === 'message' && String(p.data).startsWith('3')) resolve('acknowledged'); });
           setTimeout(() => resolve('no answer in 5 s'), 5000);
           socket.io.engine.write(packet);
         });
         count(transports[0] + ' ' + (packet.length > 100000 ? '1 MB' : '12 KB deep') + ': ' + outcome);
         socket.close();
       }
     }
     parentPort.postMessage('ready');
     (kind === 'flood' ? flood() : sendPayloads()).then(() => parentPort.postMessage(counts));`,
    { eval: true, workerData: { url, kind, floodToken, payloadTokens } },
  );
  return {
    ready: once(worker, 'message'),
    async stop() {
      worker.postMessage('stop');
      const [counts] = await once(worker, 'message');
      await worker.terminate();
      return counts;
    },
  };
}

const server = await startBenchServer();
const open = [];
try {
  const users = await insertUsers(server.pool, { count: BYSTANDERS + 1 + PAYLOAD_SESSIONS, prefix: 'sockets' });
  const bystanders = users.slice(0, BYSTANDERS);
  const flooder = users[BYSTANDERS];
  const payloadTokens = users.slice(BYSTANDERS + 1).map((u) => u.token);
  const sockets = [];
  for (const user of bystanders) {
    const socket = await connectSocket(server.url, user.token);
    open.push(socket);
    sockets.push({ socket, userId: user.id });
  }

  await measureBystander({ url: server.url, sockets, samples: 40 }); // warm-up
  const phases = [];
  const quiet = await measureBystander({ url: server.url, sockets, samples: SAMPLES });
  phases.push({ name: 'quiet', ...quiet, load: loadavg()[0], counts: null });
  for (const kind of ['flood', 'payloads']) {
    const attack = startAttack({ url: server.url, kind, floodToken: flooder.token, payloadTokens });
    await attack.ready;
    await sleep(500); // the attack under way
    const started = performance.now();
    const measured = await measureBystander({ url: server.url, sockets, samples: SAMPLES });
    const seconds = (performance.now() - started) / 1000;
    const counts = await attack.stop();
    phases.push({ name: kind, ...measured, load: loadavg()[0], counts, seconds });
  }

  const p = (values) => ({ p50: percentile(values, 50), p99: percentile(values, 99) });
  const rows = phases.map((phase) => {
    const [s, h] = [p(phase.socketMs), p(phase.httpMs)];
    return {
      phase: phase.name,
      samples: phase.socketMs.length,
      'socket p50 ms': fmt(s.p50, 2),
      'socket p99 ms': fmt(s.p99, 2),
      'HTTP p50 ms': fmt(h.p50, 2),
      'HTTP p99 ms': fmt(h.p99, 2),
      'socket refusals': phase.failures.length,
      load1: fmt(phase.load, 2),
    };
  });
  console.table(rows);
  for (const phase of phases.slice(1)) console.log(`${phase.name}: what the server answered`, phase.counts);

  const [base] = phases;
  const checks = [];
  for (const phase of phases.slice(1)) {
    const label = phase.name === 'flood' ? 'one flooding socket' : '1 MB nested payloads';
    for (const [what, key] of [
      ['socket round trip', 'socketMs'],
      ['GET /api/server-status', 'httpMs'],
    ]) {
      for (const q of [50, 99]) {
        const quietMs = percentile(base[key], q);
        const attackedMs = percentile(phase[key], q);
        checks.push({
          figure: `bystander ${what} p${q}, ${label}`,
          budget: `< quiet + ${BUDGET_EXTRA_MS} ms`,
          measured: `${fmt(attackedMs, 2)} ms`,
          reference: `quiet ${fmt(quietMs, 2)} ms`,
          ratio: fmt(attackedMs / quietMs, 2),
          ok: attackedMs - quietMs < BUDGET_EXTRA_MS && (key === 'httpMs' || phase.failures.length === 0),
        });
      }
    }
    checks.push({
      figure: `${label}: what the server answered in ${fmt(phase.seconds)} s`,
      budget: 'reported',
      measured: Object.entries(phase.counts)
        .map(([answer, n]) => `${answer}: ${n}`)
        .join(', '),
      ok: null,
    });
  }
  report(
    'attack-socket',
    `Bystander socket round trip (watchPresence) and GET /api/server-status during Socket.IO attacks: ${BYSTANDERS} bystanders, ${SAMPLES} samples per phase; load average ${phases.map((ph) => `${fmt(ph.load, 2)} ${ph.name}`).join(', ')}`,
    checks,
  );
} finally {
  for (const socket of open) socket.disconnect();
  await server.close();
}
process.exit();
