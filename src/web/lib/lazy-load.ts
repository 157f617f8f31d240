import { lazy, type ComponentType } from 'react';

/** Spec §9: a script chunk that has not arrived in 120 s has failed. */
export const chunkTimeoutMs = 120_000;

export function withTimeout<T>(promise: Promise<T>, ms = chunkTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Loading part of the app took longer than ${ms / 1000} s`)),
      ms,
    );
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

type Module<P> = { default: ComponentType<P> };

export type PreloadableComponent<P> = ComponentType<P> & { preload: () => Promise<Module<P>> };

/** React.lazy with a time-out and a preload() that shares the same download. */
export function lazyWithPreload<P extends object>(
  load: () => Promise<Module<P>>,
): PreloadableComponent<P> {
  let pending: Promise<Module<P>> | undefined;
  const preload = () => {
    pending ??= withTimeout(load()).catch((error: unknown) => {
      pending = undefined; // a later attempt (after a refresh) may succeed
      throw error;
    });
    return pending;
  };
  return Object.assign(lazy(preload), { preload }) as PreloadableComponent<P>;
}
