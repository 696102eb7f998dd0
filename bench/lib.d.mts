export declare const CHROMIUM_ARGS: string[];
export declare function freePort(): Promise<number>;
export declare function startServer(
  env?: Record<string, string>,
): Promise<{ url: string; startMs: number; stop(): Promise<void> }>;
