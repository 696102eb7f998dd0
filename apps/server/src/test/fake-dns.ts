import dns, { type LookupAddress } from 'node:dns';
import { syncBuiltinESMExports } from 'node:module';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * Host names that resolve to the given addresses in this process, as a public DNS name such as
 * `127.0.0.1.nip.io` resolves to its loopback address, without asking any outside resolver (the tests run with
 * no network). Every other name is resolved as usual. Only loopback addresses belong here: nothing else is a
 * target of this machine's tests. `lookups` lists the names asked for; `restore()` puts the resolver back.
 */
export function resolveLocally(names: Record<string, string>) {
  const original = dns.lookup;
  const lookups: string[] = [];
  const fake = (hostname: string, options: unknown, callback?: LookupCallback) => {
    const cb = (typeof options === 'function' ? options : callback) as LookupCallback;
    const opts = (typeof options === 'object' && options !== null ? options : {}) as { all?: boolean };
    const address = names[hostname];
    if (address === undefined) return (original as (...args: unknown[]) => void)(hostname, options, callback);
    lookups.push(hostname);
    const family = address.includes(':') ? 6 : 4;
    process.nextTick(() => (opts.all ? cb(null, [{ address, family }]) : cb(null, address, family)));
  };
  dns.lookup = fake as typeof dns.lookup;
  syncBuiltinESMExports();
  return {
    lookups,
    restore() {
      dns.lookup = original;
      syncBuiltinESMExports();
    },
  };
}
