import { isIP } from 'node:net';
import { PUSH_MESSAGES } from '@scrim-gym/shared';
import { badRequest } from '../../lib/errors.js';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost']);

/**
 * Where the server may POST pushes. Push services are https on the default port with a public host name; the server
 * never posts to an IP address, localhost, another port or a URL with credentials in production (the endpoint
 * comes from a client: no request to internal addresses through it). Outside production, a local fake push
 * service (`http://127.0.0.1:<port>/…`, `http://localhost:<port>/…`) is accepted too, for tests, as the
 * Discord webhooks' local fake is.
 */
export function isAcceptedEndpoint(endpoint: string, { isProduction }: { isProduction: boolean }): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (!isProduction && url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname) && url.port !== '') return true;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const publicName = host.includes('.') && isIP(host) === 0 && !/(^|\.)localhost\.?$/i.test(host);
  return url.protocol === 'https:' && url.port === '' && publicName;
}

/** 400 PUSH_ENDPOINT_REFUSED unless `endpoint` is an accepted push service URL. */
export function assertAcceptedEndpoint(endpoint: string, options: { isProduction: boolean }) {
  if (!isAcceptedEndpoint(endpoint, options)) throw badRequest(PUSH_MESSAGES.endpointNotHttps, 'PUSH_ENDPOINT_REFUSED');
}
