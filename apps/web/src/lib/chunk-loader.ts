/**
 * A code chunk fetched on first use (or earlier, on a hint such as hover). Loaded by hand rather
 * than with React.lazy so a failed fetch can be reported as a toast and retried, instead of an
 * error boundary that remembers the failure: the failed promise is forgotten.
 */
export interface ChunkLoader<T> {
  /** What the chunk exports, once it has arrived. */
  readonly loaded: T | undefined;
  load(): Promise<T>;
}

export function createChunkLoader<T>(importer: () => Promise<T>): ChunkLoader<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    get loaded() {
      return loaded;
    },
    load() {
      loading ??= importer().then(
        (value) => (loaded = value),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}
