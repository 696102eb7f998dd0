export declare const CHROMIUM_ARGS: string[];
export declare function freePort(): Promise<number>;
export declare function startServer(
  env?: Record<string, string>,
  options?: { dataDir?: string },
): Promise<{ url: string; startMs: number; stop(): Promise<void> }>;
export interface BenchCheck {
  figure: string;
  budget: string;
  measured: string;
  reference?: string;
  ratio?: string;
  ok: boolean | null;
}
export declare function report(name: string, title: string, checks: BenchCheck[]): void;
export declare function startBytesServer(
  routes: Record<string, { body: Buffer | string; encoding?: 'br' | 'gzip' | null }>,
): Promise<{ url: string; stop(): Promise<void> }>;
