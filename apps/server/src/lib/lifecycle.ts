type Listener<Payload> = (payload: Payload) => Promise<void> | void;

/**
 * What a module tells the modules that follow it, without knowing them: they subscribe with `on(…)` when they
 * register, and the module emits each event after the change it names committed. `Events` maps each event's name
 * to its payload.
 */
export class Lifecycle<Events extends object> {
  private readonly listeners = new Map<keyof Events, Listener<never>[]>();

  on<K extends keyof Events>(event: K, listener: Listener<Events[K]>) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener as Listener<never>]);
  }

  /** Runs the listeners one after the other and waits for them: a listener's failure is the caller's. */
  async emit<K extends keyof Events>(event: K, payload: Events[K]) {
    for (const listener of (this.listeners.get(event) ?? []) as Listener<Events[K]>[]) await listener(payload);
  }
}
