// A tiny typed event emitter: the upload item and collection are plain objects outside React,
// so that their state machine can be driven and tested without a DOM or a component.

type Listener<T> = (payload: T) => void;

export interface Emitter<Events extends Record<string, unknown>> {
  /** Adds a listener; the returned function removes it. */
  on<K extends keyof Events>(event: K, listener: Listener<Events[K]>): () => void;
  emit<K extends keyof Events>(event: K, payload: Events[K]): void;
  /** Removes every listener (the owner is being thrown away). */
  clear(): void;
}

export function createEmitter<Events extends Record<string, unknown>>(): Emitter<Events> {
  const listeners = new Map<keyof Events, Set<Listener<never>>>();
  return {
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as Listener<never>);
      return () => {
        set.delete(listener as Listener<never>);
      };
    },
    emit(event, payload) {
      // A copy: a listener may remove itself (a promise settling) while the others still run.
      for (const listener of [...(listeners.get(event) ?? [])]) (listener as Listener<typeof payload>)(payload);
    },
    clear() {
      listeners.clear();
    },
  };
}
