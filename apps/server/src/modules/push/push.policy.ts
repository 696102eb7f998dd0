import type { Agent } from 'node:http';
import { isIP } from 'node:net';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { PUSH_MESSAGES } from '@scrim-gym/shared';
import { badRequest } from '../../lib/errors.js';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost']);
/** The loopback addresses a local push service answers on (only with PUSH_ALLOW_LOCAL_ENDPOINTS). */
const LOOPBACK = ['::1', '127.0.0.0/8'];

export interface EndpointRules {
  /** PUSH_ALLOW_LOCAL_ENDPOINTS: a push service on this machine (tests, local development). */
  allowLocal: boolean;
}

export const endpointRulesOf = (config: { PUSH_ALLOW_LOCAL_ENDPOINTS: boolean }): EndpointRules => ({
  allowLocal: config.PUSH_ALLOW_LOCAL_ENDPOINTS,
});

/**
 * Where the server may POST pushes, by the URL alone. Push services are https on the default port with a public
 * host name; the server never posts to an IP address, localhost, another port or a URL with credentials (the
 * endpoint comes from a client: no request to internal addresses through it). With `allowLocal`, a local fake
 * push service (`http://127.0.0.1:<port>/…`, `http://localhost:<port>/…`) is accepted too. A name can still
 * resolve to an internal address: `pushAgentFor` refuses that when connecting.
 */
export function isAcceptedEndpoint(endpoint: string, { allowLocal }: EndpointRules): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (allowLocal && url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname) && url.port !== '') return true;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const publicName = host.includes('.') && isIP(host) === 0 && !/(^|\.)localhost\.?$/i.test(host);
  return url.protocol === 'https:' && url.port === '' && publicName;
}

/** 400 PUSH_ENDPOINT_REFUSED unless `endpoint` is an accepted push service URL. */
export function assertAcceptedEndpoint(endpoint: string, rules: EndpointRules) {
  if (!isAcceptedEndpoint(endpoint, rules)) throw badRequest(PUSH_MESSAGES.endpointNotHttps, 'PUSH_ENDPOINT_REFUSED');
}

/**
 * The connection-time check (request-filtering-agent): the address the host name resolves to when the push is
 * sent must be a public unicast one, so no loopback, private, link-local (cloud metadata), CGNAT, multicast,
 * reserved or unspecified address is ever connected to, whatever name led there (`127.0.0.1.nip.io`, a name
 * rebound after the subscription). With `allowLocal`, loopback alone is allowed.
 */
const agents = { local: new Map<string, Agent>(), public: new Map<string, Agent>() };
export function pushAgentFor(endpoint: string, { allowLocal }: EndpointRules): Agent {
  const scheme = endpoint.startsWith('https:') ? 'https' : 'http';
  const kept = agents[allowLocal ? 'local' : 'public'];
  let agent = kept.get(scheme);
  if (!agent) {
    const options = { allowIPAddressList: allowLocal ? LOOPBACK : [] };
    agent = scheme === 'https' ? new RequestFilteringHttpsAgent(options) : new RequestFilteringHttpAgent(options);
    kept.set(scheme, agent);
  }
  return agent;
}
